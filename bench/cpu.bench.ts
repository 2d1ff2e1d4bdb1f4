/*
 * Where the CPU goes (`npm run bench -- cpu`, on request; Linux): the one-business order load of the
 * orders bench (default configuration, a webhook on sale.completed, 16 connections), then, once every
 * delivery is made and the tables vacuumed, GET /orders?page=1 and GET /products?page=1, each with the
 * CPU time per request of the API process, of PostgreSQL (all its processes), of this process (load
 * generator and webhook receiver) and of the whole machine. Then the two references of the orders
 * bench (the 19 statements and the one plpgsql call, straight through pg) on a database of their own,
 * with the same accounting: what PostgreSQL spends on one order of each, beside the API's.
 * PostgreSQL's CPU is also given per server of this machine (a Citus cluster's nodes apart: BENCH_CITUS=1).
 * BENCH_SERVER_DIR measures another checkout's server, BENCH_API_NODE_ARGS="--cpu-prof
 * --cpu-prof-dir=DIR" profiles the API process. BENCH_CPU_REFERENCES=0 leaves the references out.
 */
import { Client } from 'pg';
import { Log, undeliveredWebhookWork, withBenchDatabase, withClient } from './bench-support';
import { cpuPerRequest, cpuSnapshot } from './cpu-accounting';
import { ApiProcess, DEFAULT_CONFIGURATION, driveGet, driveOrders, startApi, subscribeSales } from './orders-api';
import { driveBaseline, NINETEEN_STATEMENTS, OrderReference } from './orders-baseline';
import { installOneCallOrder, ONE_CALL } from './orders-one-call';
import { LoadFigures, seedBusinesses } from './orders-workload';
import { sleep, startReceiver } from '../test/helpers/receiver';

const SECONDS = Number(process.env.BENCH_ORDERS_SECONDS || 20);
const READ_SECONDS = 10;

/** `server`: the API process, absent for a reference (its API column is then 0). */
async function measured(log: Log, label: string, server: ApiProcess | undefined, load: () => Promise<LoadFigures>): Promise<void> {
  const before = cpuSnapshot(server?.pid);
  const f = await load();
  const after = cpuSnapshot(server?.pid);
  log(
    `${label.padEnd(20)} ${f.perSecond.toFixed(1)}/s  p99 ${f.p99.toFixed(0)} ms  (${f.orders} ok, ${f.errors} errors); ${cpuPerRequest(before, after, f.orders)}`,
  );
}

/** Until no event is undispatched and no delivery open, then VACUUM ANALYZE: reads measured on settled tables. */
async function settle(url: string): Promise<void> {
  await withClient(url, async (client) => {
    while ((await undeliveredWebhookWork(client)) > 0) await sleep(200);
    await client.query('VACUUM ANALYZE');
  });
}

/** A reference's orders on a fresh one-business database, after a warm-up, as the orders bench runs them. */
async function reference(log: Log, label: string, order: OrderReference, install?: (client: Client) => Promise<void>): Promise<void> {
  await withBenchDatabase('bo_bench_cpu_ref', async (url) => {
    const seeded = await seedBusinesses(url, 1);
    if (install) await withClient(url, install);
    await driveBaseline(url, seeded, 16, 3, order);
    await measured(log, label, undefined, () => driveBaseline(url, seeded, 16, SECONDS, order));
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
  if (process.env.BENCH_CPU_REFERENCES === '0') return;
  await reference(log, '19 statements (pg)', NINETEEN_STATEMENTS);
  await reference(log, 'one call (plpgsql)', ONE_CALL, installOneCallOrder);
}
