/*
 * Two servers at once (`npm run bench -- paired`, on request; Linux): the server of BENCH_REF_DIR (the
 * reference checkout, e.g. today's main in a worktree) and this checkout's, each on a fresh database of
 * one business with a webhook on sale.completed, driven AT THE SAME TIME at the same paced rate, and each
 * server's CPU per request read from /proc. Whatever else the machine does in a round falls on both, so
 * the ratio separates changes of a few percent that runs of one server at a time cannot (their spread
 * on this machine is 10-40%). BENCH_PAIR_PATH: a GET path to drive instead of POST /orders;
 * BENCH_PAIR_RATE: requests a second per server (120, or 300 for a GET); BENCH_PAIR_ROUNDS (3).
 */
import * as path from 'path';
import { Log, withBenchDatabase } from './bench-support';
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
}

/** Both sides' loads at once; each side's server CPU per request. */
async function round(sides: Side[], rate: number, seconds: number, getPath: string | undefined): Promise<{ load: LoadFigures; cpuUs: number }[]> {
  const before = sides.map((s) => processCpuUs(s.server.pid));
  const loads = await Promise.all(sides.map((s) => drivePaced(s.server.base, s.business, rate, seconds, getPath)));
  return sides.map((s, i) => ({ load: loads[i], cpuUs: (processCpuUs(s.server.pid) - before[i]) / Math.max(1, loads[i].orders) }));
}

export async function run(log: Log): Promise<void> {
  const reference = process.env.BENCH_REF_DIR;
  if (!reference) throw new Error('BENCH_REF_DIR: the reference checkout (with node_modules)');
  const getPath = process.env.BENCH_PAIR_PATH || undefined;
  const rate = Number(process.env.BENCH_PAIR_RATE || (getPath ? 300 : ORDER_RATE));
  const rounds = Number(process.env.BENCH_PAIR_ROUNDS || 3);
  const dirs = [path.resolve(reference), path.resolve(__dirname, '..')];
  log(`${getPath ? `GET ${getPath}` : 'POST /orders'} at ${rate}/s on each of two servers at once, ${rounds} x ${SECONDS} s; reference ${dirs[0]}`);
  await withBenchDatabase('bo_bench_pair_ref', (refUrl) =>
    withBenchDatabase('bo_bench_pair_this', async (thisUrl) => {
      const receiver = await startReceiver();
      const sides: Side[] = [];
      try {
        for (const [i, url] of [refUrl, thisUrl].entries()) {
          const [business] = await seedBusinesses(url, 1);
          const server = await startApi(url, DEFAULT_CONFIGURATION, dirs[i]);
          sides.push({ server, business });
          await subscribeSales(server, [business], receiver.url);
        }
        // orders first in any case: the servers warm up and the pages have orders to show
        await round(sides, ORDER_RATE, WARMUP_SECONDS, undefined);
        for (let r = 1; r <= rounds; r++) {
          const [ref, mine] = await round(sides, rate, SECONDS, getPath);
          log(
            `round ${r}: reference ${ref.cpuUs.toFixed(0)} us/request (${ref.load.orders} ok, ${ref.load.errors} errors), ` +
              `this ${mine.cpuUs.toFixed(0)} us/request (${mine.load.orders} ok, ${mine.load.errors} errors): this / reference ${(mine.cpuUs / ref.cpuUs).toFixed(3)}`,
          );
        }
      } finally {
        for (const side of sides) await side.server.stop();
        await receiver.close();
      }
    }),
  );
}
