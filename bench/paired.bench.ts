/*
 * Two servers at once (`npm run bench -- paired`, on request; Linux): the server of BENCH_REF_DIR (the
 * reference checkout, e.g. today's main in a worktree) and this checkout's, each on a fresh database of
 * one business with a webhook on sale.completed, driven AT THE SAME TIME at the same paced rate, and each
 * server's CPU per request read from /proc, and its database's (the PostgreSQL backends connected to it,
 * by pid in pg_stat_activity: what triggers or statements add shows there, not in the API's). Whatever else the machine does in a round falls on both, so
 * the ratio separates changes of a few percent that runs of one server at a time cannot (their spread
 * on this machine is 10-40%). BENCH_PAIR_PATH: a GET path to drive instead of POST /orders;
 * BENCH_PAIR_RATE: requests a second per server (120, or 300 for a GET); BENCH_PAIR_ROUNDS (3).
 */
import * as path from 'path';
import { execFile } from 'child_process';
import { promisify } from 'util';
import * as os from 'os';
import { BENCH_PG_SERVER, Log, withBenchDatabase, withClient } from './bench-support';
import { processCpuUs } from './cpu-accounting';
import { ApiProcess, DEFAULT_CONFIGURATION, drivePaced, startApi, subscribeSales } from './orders-api';
import { BenchBusiness, LoadFigures, seedBusinesses } from './orders-workload';
import { startReceiver } from '../test/helpers/receiver';

const SECONDS = 15;
const WARMUP_SECONDS = 8;
const ORDER_RATE = 120;

interface Side {
  server: ApiProcess;
  business: BenchBusiness;
  /** the side's database: its PostgreSQL backends' CPU is the side's database CPU */
  database: string;
}

/** CPU so far of each client backend connected to `database` (by pid, microseconds; autovacuum, shared by both, left out). */
async function backendsCpuUs(database: string): Promise<Map<number, number>> {
  const { rows } = await withClient(`${BENCH_PG_SERVER}/postgres`, (c) =>
    c.query<{ pid: number }>(`SELECT pid FROM pg_stat_activity WHERE datname = $1 AND backend_type = 'client backend' AND pid <> pg_backend_pid()`, [database]),
  );
  const cpu = new Map<number, number>();
  for (const { pid } of rows) {
    try {
      cpu.set(pid, processCpuUs(pid));
    } catch {
      // gone meanwhile
    }
  }
  return cpu;
}

/** CPU the backends of `after` spent since `before` (a backend new since then from 0; one gone since is lost). */
function backendsSpentUs(before: Map<number, number>, after: Map<number, number>): number {
  let spent = 0;
  for (const [pid, us] of after) spent += us - (before.get(pid) ?? 0);
  return spent;
}

/** Both sides' loads at once; each side's server CPU and its database's backends' CPU per request. */
async function round(
  sides: Side[],
  rate: number,
  seconds: number,
  getPath: string | undefined,
): Promise<{ load: LoadFigures; cpuUs: number; dbCpuUs: number }[]> {
  const dbBefore = await Promise.all(sides.map((s) => backendsCpuUs(s.database)));
  const before = sides.map((s) => processCpuUs(s.server.pid));
  const loads = await Promise.all(sides.map((s) => drivePaced(s.server.base, s.business, rate, seconds, getPath)));
  const after = sides.map((s) => processCpuUs(s.server.pid));
  const dbAfter = await Promise.all(sides.map((s) => backendsCpuUs(s.database)));
  return sides.map((s, i) => {
    const requests = Math.max(1, loads[i].orders);
    return { load: loads[i], cpuUs: (after[i] - before[i]) / requests, dbCpuUs: backendsSpentUs(dbBefore[i], dbAfter[i]) / requests };
  });
}

export async function run(log: Log): Promise<void> {
  const reference = process.env.BENCH_REF_DIR;
  if (!reference) throw new Error('BENCH_REF_DIR: the reference checkout (with node_modules)');
  const getPath = process.env.BENCH_PAIR_PATH || undefined;
  const rate = Number(process.env.BENCH_PAIR_RATE || (getPath ? 300 : ORDER_RATE));
  const rounds = Number(process.env.BENCH_PAIR_ROUNDS || 3);
  const dirs = [path.resolve(reference), path.resolve(__dirname, '..')];
  log(`${getPath ? `GET ${getPath}` : 'POST /orders'} at ${rate}/s on each of two servers at once, ${rounds} x ${SECONDS} s; reference ${dirs[0]}`);
  // each side's database migrated by its own checkout: the reference's has only the reference's schema
  const migratedBy = (dir: string) => (url: string) =>
    promisify(execFile)(path.join(dir, 'node_modules', '.bin', 'ts-node'), ['--swc', 'src/database/run-migrations.ts'], {
      cwd: dir,
      env: { ...process.env, DATABASE_URL: url },
    });
  await withBenchDatabase(
    'bo_bench_pair_ref',
    (refUrl) =>
      withBenchDatabase('bo_bench_pair_this', async (thisUrl) => {
        const receiver = await startReceiver();
        const sides: Side[] = [];
        try {
          for (const [i, url] of [refUrl, thisUrl].entries()) {
            const [business] = await seedBusinesses(url, 1);
            const server = await startApi(url, DEFAULT_CONFIGURATION, dirs[i]);
            sides.push({ server, business, database: new URL(url).pathname.slice(1) });
            await subscribeSales(server, [business], receiver.url);
          }
          // orders first in any case: the servers warm up and the pages have orders to show
          await round(sides, ORDER_RATE, WARMUP_SECONDS, undefined);
          for (let r = 1; r <= rounds; r++) {
            const [ref, mine] = await round(sides, rate, SECONDS, getPath);
            log(
              `round ${r}: reference ${ref.cpuUs.toFixed(0)} us/request (${ref.load.orders} ok, ${ref.load.errors} errors), ` +
                `this ${mine.cpuUs.toFixed(0)} us/request (${mine.load.orders} ok, ${mine.load.errors} errors): this / reference ${(mine.cpuUs / ref.cpuUs).toFixed(3)}; ` +
                `database backends: reference ${ref.dbCpuUs.toFixed(0)} us/request, this ${mine.dbCpuUs.toFixed(0)}: this / reference ${(mine.dbCpuUs / ref.dbCpuUs).toFixed(3)}; ` +
                `load average ${os.loadavg()[0].toFixed(1)}`,
            );
          }
        } finally {
          for (const side of sides) await side.server.stop();
          await receiver.close();
        }
      }),
    migratedBy(dirs[0]),
  );
}
