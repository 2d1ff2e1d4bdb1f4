import { loadConfig } from '../config/app-config';
import { migrate } from './migrate';
import { resolveDatabase } from './resolve-database-url';

/** `npm run migration:run`: applies pending migrations to DATABASE_URL (or the embedded database). */
async function main(): Promise<void> {
  const config = loadConfig();
  const { url, embedded } = await resolveDatabase(config, (m) => process.stderr.write(`${m}\n`));
  try {
    process.stdout.write(`${JSON.stringify({ applied: await migrate(url) })}\n`);
  } finally {
    await embedded?.stop();
  }
}

main().catch((err) => {
  process.stderr.write(`${err?.stack ?? err}\n`);
  process.exit(1);
});
