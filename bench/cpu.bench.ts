/*
 * Where the CPU goes (`npm run bench -- cpu`, on request; Linux): the one-business order load of the
 * orders bench (default configuration, a webhook on sale.completed, 16 connections), then, once every
 * delivery is made and the tables vacuumed, GET /orders?page=1 and GET /products?page=1, each with the
 * CPU time per request of the API process, of PostgreSQL (all its processes), of this process (load
 * generator and webhook receiver) and of the whole machine. BENCH_SERVER_DIR measures another
 * checkout's server, BENCH_API_NODE_ARGS="--cpu-prof --cpu-prof-dir=DIR" profiles the API process.
 */
import { Log, undeliveredWebhookWork, withBenchDatabase, withClient } from './bench-support';
import { cpuPerRequest, cpuSnapshot } from './cpu-accounting';
import { ApiProcess, DEFAULT_CONFIGURATION, driveGet, driveOrders, startApi, subscribeSales } from './orders-api';
import { LoadFigures, seedBusinesses } from './orders-workload';
import { sleep, startReceiver } from '../test/helpers/receiver';

const SECONDS = Number(process.env.BENCH_ORDERS_SECONDS || 20);
const READ_SECONDS = 10;

async function measured(log: Log, label: string, server: ApiProcess, load: () => Promise<LoadFigures>): Promise<void> {
  const before = cpuSnapshot(server.pid);
  const f = await load();
  const after = cpuSnapshot(server.pid);
  log(`${label.padEnd(20)} ${f.perSecond.toFixed(1)}/s  p99 ${f.p99} ms  (${f.orders} ok, ${f.errors} errors); ${cpuPerRequest(before, after, f.orders)}`);
}

/** Until no event is undispatched and no delivery open, then VACUUM ANALYZE: reads measured on settled tables. */
async function settle(url: string): Promise<void> {
  await withClient(url, async (client) => {
    while ((await undeliveredWebhookWork(client)) > 0) await sleep(200);
    await client.query('VACUUM ANALYZE');
  });
}

export async function run(log: Log): Promise<void> {
  await withBenchDatabase('bo_bench_cpu', async (url) => {
    const seeded = await seedBusinesses(url, 1);
    const receiver = await startReceiver();
    const server = await startApi(url, DEFAULT_CONFIGURATION, process.env.BENCH_SERVER_DIR || undefined);
    try {
      await subscribeSales(server, seeded, receiver.url);
      await driveOrders(server.base, seeded, 16, 3);
      await measured(log, 'POST /orders', server, () => driveOrders(server.base, seeded, 16, SECONDS));
      await settle(url);
      await measured(log, 'GET /orders?page=1', server, () => driveGet(server.base, '/api/v1/orders?page=1', seeded[0].apiKey, 16, READ_SECONDS));
      await measured(log, 'GET /products?page=1', server, () => driveGet(server.base, '/api/v1/products?page=1', seeded[0].apiKey, 16, READ_SECONDS));
    } finally {
      await server.stop();
      await receiver.close();
    }
  });
}
