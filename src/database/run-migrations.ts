import { DataSource } from 'typeorm';
import { loadConfig } from '../config/app-config';
import { dataSourceOptions } from './data-source-options';
import { resolveDatabase } from './resolve-database-url';

/** `npm run migration:run`: applies pending migrations to DATABASE_URL (or the embedded database). */
async function main(): Promise<void> {
  const config = loadConfig();
  const { url, embedded } = await resolveDatabase(config, (m) => process.stderr.write(`${m}\n`));
  const ds = new DataSource(dataSourceOptions(url, 2));
  await ds.initialize();
  try {
    const applied = await ds.runMigrations({ transaction: 'each' });
    process.stdout.write(`${JSON.stringify({ applied: applied.map((m) => m.name) })}\n`);
  } finally {
    await ds.destroy();
    await embedded?.stop();
  }
}

main().catch((err) => {
  process.stderr.write(`${err?.stack ?? err}\n`);
  process.exit(1);
});
