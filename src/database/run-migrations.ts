import { loadConfig } from '../config/app-config';
import { migrate } from './migrate';
import { resolveDatabase } from './resolve-database-url';
import { JsonLogger } from '../common/logging/json-logger';

/** `npm run migration:run`: applies pending migrations to DATABASE_URL (or the embedded database). */
const logger = new JsonLogger(loadConfig().logLevel, 'stderr');

async function main(): Promise<void> {
  const config = loadConfig();
  const { url, embedded } = await resolveDatabase(config, (m) => logger.log(m, 'Database'));
  try {
    process.stdout.write(`${JSON.stringify({ applied: await migrate(url) })}\n`);
  } finally {
    await embedded?.stop();
  }
}

main().catch((err: unknown) => {
  logger.error({ msg: 'migration failed', err }, undefined, 'Migrations');
  process.exit(1);
});
