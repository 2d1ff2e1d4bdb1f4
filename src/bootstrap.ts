import { Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { NestExpressApplication } from '@nestjs/platform-express';
import { AppModule, ModuleImport } from './app.module';
import { EnvelopingExpressAdapter } from './common/http/envelope';
import { setupApp } from './app.setup';
import { AppConfig } from './config/app-config';
import { migrate } from './database/migrate';
import { EmbeddedDatabase } from './database/embedded-database';
import { resolveDatabase } from './database/resolve-database-url';
import { JsonLogger } from './common/logging/json-logger';

export { migrate };

export interface Application {
  app: NestExpressApplication;
  databaseUrl: string;
  embedded?: EmbeddedDatabase;
}

/** Resolve the database (URL or embedded), migrate it, and build the configured Nest app. */
export async function createApplication(config: AppConfig, logger = new JsonLogger(config.logLevel), extraModules: ModuleImport[] = []): Promise<Application> {
  Logger.overrideLogger(logger);
  const log = new Logger('Bootstrap');
  const { url, embedded } = await resolveDatabase(config, (m) => logger.log(m, 'Database'));
  try {
    const applied = await migrate(url);
    if (applied.length > 0) log.log(`applied migrations: ${applied.join(', ')}`);
    const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config, url, extraModules), new EnvelopingExpressAdapter(), {
      logger,
      bodyParser: false,
      abortOnError: false,
    });
    setupApp(app, config, logger);
    return { app, databaseUrl: url, embedded };
  } catch (err) {
    await embedded?.stop();
    throw err;
  }
}
