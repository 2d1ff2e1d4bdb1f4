// first: tracing instruments http, express, Nest and pg before they load
import { stopTracing } from './tracing';
import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Draining } from './common/http/draining';
import { Readiness } from './common/http/readiness';
import { listenWhileStarting } from './common/http/starting-listener';
import { createApplication } from './bootstrap';
import { loadConfig } from './config/app-config';
import { JsonLogger } from './common/logging/json-logger';
import { provisionBusiness } from './modules/businesses/business-provisioning';
import { Business } from './modules/businesses/entities/business.entity';
import { ensureConsoleBuilt } from './console/console-build';

/** On the embedded default, an empty database gets a demo business so the README's curl works at once. */
async function ensureDemoBusiness(dataSource: DataSource, log: Logger): Promise<void> {
  if (await dataSource.getRepository(Business).exists()) return;
  const demo = await dataSource.transaction((m) => provisionBusiness(m, { name: 'Demo Shop' }));
  log.log({
    msg: 'created demo business',
    business_id: demo.business_id,
    api_key: demo.api_key,
    warehouse_id: demo.warehouse_id,
    more_keys: `npm run --silent cli -- apikey:create --business ${demo.business_id}`,
  });
}

async function main(): Promise<void> {
  const config = loadConfig();
  const logger = new JsonLogger(config.logLevel);
  const log = new Logger('Main');
  // readiness answers 503 on the API's port until the database is migrated and the app built
  const starting = await listenWhileStarting(config.port, config.host);
  let application: Awaited<ReturnType<typeof createApplication>>;
  try {
    // the console's build is reused while its sources are unchanged (a fresh start stays fast)
    await ensureConsoleBuilt(undefined, (msg) => log.log(msg));
    application = await createApplication(config, logger);
  } finally {
    await starting.close();
  }
  const { app, embedded } = application;
  if (embedded) await ensureDemoBusiness(app.get(DataSource), log);
  await app.listen(config.port, config.host);
  log.log(`listening on http://${config.host}:${config.port}/api/v1 (docs at /docs, console at /console)`);

  // Refuse what arrives on kept-alive connections, stop accepting, let in-flight requests finish, close the pool, then stop the embedded server.
  // Undelivered events stay in the outbox for the next start.
  let closing = false;
  const shutdown = async (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    if (config.shutdownDelayMs > 0) {
      // out of the load balancer's rotation first, still serving what it sends meanwhile
      app.get(Readiness).leave();
      log.log(`${signal} received: not ready, shutting down in ${config.shutdownDelayMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, config.shutdownDelayMs));
    }
    app.get(Draining).start();
    log.log(`${signal} received: shutting down`);
    const httpServer = app.getHttpServer();
    httpServer.closeIdleConnections?.();
    const idleCloser = setInterval(() => httpServer.closeIdleConnections?.(), 100);
    try {
      await app.close();
      await embedded?.stop();
      await stopTracing();
    } finally {
      clearInterval(idleCloser);
      process.exit(0);
    }
  };
  process.once('SIGTERM', (signal) => void shutdown(signal));
  process.once('SIGINT', (signal) => void shutdown(signal));
}

main().catch((err: unknown) => {
  new JsonLogger().error({ msg: 'failed to start', err }, undefined, 'Main');
  process.exit(1);
});
