/*
 * BENCH_CONSOLE_KEEP=1 keeps the console benchmark's seeded database (bo_bench_console_kept) and its
 * business between runs, so repeated runs skip the nine-minute seed. The API key is only ever
 * stored hashed, so the seeded business (key included) is written beside it in the temp directory;
 * without that file the database is dropped and seeded again. Off by default: a run measures a
 * fresh database.
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { SeededBusiness } from './analytics-seed';
import { migrate } from '../src/bootstrap';
import { BENCH_PG_SERVER, Log, withBenchDatabase, withClient } from './bench-support';
import { LISTS_SEED_VERSION } from './console-lists-seed';
import { CONSOLE_ORDERS, CONSOLE_PRODUCTS, seedConsoleBusiness } from './console-seed';

const KEPT = 'bo_bench_console_kept';
const RECORD = path.join(os.tmpdir(), `${KEPT}.json`);

export function withConsoleBusiness<T>(log: Log, work: (url: string, business: SeededBusiness) => Promise<T>): Promise<T> {
  if (!process.env.BENCH_CONSOLE_KEEP) {
    return withBenchDatabase('bo_bench_console', async (url) => work(url, await withClient(url, (c) => seedConsoleBusiness(url, c, log))));
  }
  return keptBusiness(log).then(({ url, business }) => work(url, business));
}

async function keptBusiness(log: Log): Promise<{ url: string; business: SeededBusiness }> {
  const url = `${BENCH_PG_SERVER}/${KEPT}`;
  const shape = `${CONSOLE_PRODUCTS}/${CONSOLE_ORDERS}/${LISTS_SEED_VERSION}`;
  const record = fs.existsSync(RECORD) ? (JSON.parse(fs.readFileSync(RECORD, 'utf8')) as { shape: string; business: SeededBusiness }) : undefined;
  const admin = (sql: string) => withClient(`${BENCH_PG_SERVER}/postgres`, (c) => c.query(sql));
  const exists = (await admin(`SELECT 1 FROM pg_database WHERE datname = '${KEPT}'`)).rowCount === 1;
  if (record?.shape === shape && exists) {
    await migrate(url);
    log(`reusing the kept database ${KEPT} (BENCH_CONSOLE_KEEP)`);
    return { url, business: record.business };
  }
  await admin(`DROP DATABASE IF EXISTS "${KEPT}" WITH (FORCE)`);
  await admin(`CREATE DATABASE "${KEPT}"`);
  await migrate(url);
  const business = await withClient(url, (c) => seedConsoleBusiness(url, c, log));
  fs.writeFileSync(RECORD, JSON.stringify({ shape, business }));
  log(`kept as ${KEPT} for the next run (BENCH_CONSOLE_KEEP)`);
  return { url, business };
}
