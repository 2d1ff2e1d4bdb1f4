/*
 * Before and after (`npm run bench -- orders-ab`): the one-business order load of the orders bench
 * (default configuration, a webhook on sale.completed, 16 connections), then GET /orders?page=1 and
 * GET /products?page=1 on the same data, on two checkouts' servers, alternated over BENCH_AB_ROUNDS
 * rounds on fresh databases: BENCH_REF_DIR (the reference, e.g. today's main in a worktree) and this
 * checkout. BENCH_AB_WAITS=1 prints the waits sampled during each order load. Both go in BENCHMARKS.md.
 */
import * as path from 'path';
import { Log, withBenchDatabase } from './bench-support';
import { DEFAULT_CONFIGURATION, driveGet, driveOrders, startApi, subscribeSales } from './orders-api';
import { LoadFigures, seedBusinesses } from './orders-workload';
import { sampleWaits } from './wait-sampler';
import { startReceiver } from '../test/helpers/receiver';

const SECONDS = Number(process.env.BENCH_ORDERS_SECONDS || 20);
const READ_SECONDS = 10;
const ROUNDS = Number(process.env.BENCH_AB_ROUNDS || 3);
const BUSINESSES = Number(process.env.BENCH_AB_BUSINESSES || 1);

interface Round {
  waits: string[];
  orders: LoadFigures;
  listOrders: LoadFigures;
  listProducts: LoadFigures;
}

async function once(dir: string): Promise<Round> {
  return withBenchDatabase('bo_bench_ab', async (url) => {
    const seeded = await seedBusinesses(url, BUSINESSES);
    const receiver = await startReceiver();
    const server = await startApi(url, DEFAULT_CONFIGURATION, dir);
    try {
      await subscribeSales(server, seeded, receiver.url);
      await driveOrders(server.base, seeded, 16, 3);
      const sampler = await sampleWaits(url);
      const orders = await driveOrders(server.base, seeded, 16, SECONDS);
      const waits = await sampler.stop();
      const listOrders = await driveGet(server.base, '/api/v1/orders?page=1', seeded[0].apiKey, 16, READ_SECONDS);
      const listProducts = await driveGet(server.base, '/api/v1/products?page=1', seeded[0].apiKey, 16, READ_SECONDS);
      return { waits, orders, listOrders, listProducts };
    } finally {
      await server.stop();
      await receiver.close();
    }
  });
}

export async function run(log: Log): Promise<void> {
  const reference = process.env.BENCH_REF_DIR;
  if (!reference) throw new Error('BENCH_REF_DIR: the reference checkout (with node_modules)');
  const dirs = { reference: path.resolve(reference), this: path.resolve(__dirname, '..') };
  log(`${BUSINESSES} business(es), 16 connections x ${SECONDS} s, ${ROUNDS} rounds alternated; reference ${dirs.reference}`);
  for (let round = 1; round <= ROUNDS; round++) {
    for (const [name, dir] of Object.entries(dirs)) {
      const { waits, orders: f, listOrders, listProducts } = await once(dir);
      log(
        `round ${round} ${name.padEnd(9)} ${f.perSecond.toFixed(1)} orders/s  p50 ${f.p50} ms  p99 ${f.p99} ms  (${f.orders} ok, ${f.errors} errors); ` +
          `GET /orders?page=1 ${listOrders.perSecond.toFixed(0)} req/s, GET /products?page=1 ${listProducts.perSecond.toFixed(0)} req/s (${listOrders.errors + listProducts.errors} errors)`,
      );
      if (process.env.BENCH_AB_WAITS) for (const w of waits) log(w);
    }
  }
}
