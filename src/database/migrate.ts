import { DataSource } from 'typeorm';
import { hasCitus, setOnCitus } from './citus';
import { dataSourceOptions } from './data-source-options';

/** The advisory lock key under which migrations run (any constant unique to this service). */
const MIGRATIONS_LOCK = 7_425_001_263;
const LOCK_RETRY_MS = 200;

/**
 * Applies pending migrations with a short-lived connection; returns the names applied. Under a
 * session advisory lock: two processes starting at once on one database (two servers, a server and
 * `migration:run`) take turns, and the second finds the migrations applied instead of failing on
 * tables the first is creating. The second asks for the lock again and again rather than waiting in
 * one statement: a waiting statement is an open transaction, and CREATE INDEX CONCURRENTLY in the
 * first would wait for it to end, forever.
 */
export async function migrate(url: string): Promise<string[]> {
  const ds = new DataSource(dataSourceOptions(url, 2));
  await ds.initialize();
  const lock = ds.createQueryRunner();
  try {
    await lock.connect();
    for (;;) {
      const [row] = (await lock.query('SELECT pg_try_advisory_lock($1) AS taken', [MIGRATIONS_LOCK])) as { taken: boolean }[];
      if (row.taken) break;
      await new Promise((resolve) => setTimeout(resolve, LOCK_RETRY_MS));
    }
    const applied = await ds.runMigrations({ transaction: 'each' });
    setOnCitus(await hasCitus(lock));
    return applied.map((m) => m.name);
  } finally {
    await lock.query('SELECT pg_advisory_unlock($1)', [MIGRATIONS_LOCK]).catch(() => undefined);
    await lock.release();
    await ds.destroy();
  }
}
