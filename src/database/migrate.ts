import { DataSource } from 'typeorm';
import { dataSourceOptions } from './data-source-options';

/** The advisory lock key under which migrations run (any constant unique to this service). */
const MIGRATIONS_LOCK = 7_425_001_263;

/**
 * Applies pending migrations with a short-lived connection; returns the names applied. Under a
 * session advisory lock: two processes starting at once on one database (two servers, a server and
 * `migration:run`) take turns, and the second finds the migrations applied instead of failing on
 * tables the first is creating.
 */
export async function migrate(url: string): Promise<string[]> {
  const ds = new DataSource(dataSourceOptions(url, 2));
  await ds.initialize();
  const lock = ds.createQueryRunner();
  try {
    await lock.connect();
    await lock.query('SELECT pg_advisory_lock($1)', [MIGRATIONS_LOCK]);
    const applied = await ds.runMigrations({ transaction: 'each' });
    return applied.map((m) => m.name);
  } finally {
    await lock.query('SELECT pg_advisory_unlock($1)', [MIGRATIONS_LOCK]).catch(() => undefined);
    await lock.release();
    await ds.destroy();
  }
}
