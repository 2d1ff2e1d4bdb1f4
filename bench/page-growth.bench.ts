/*
 * Page reads as one business grows (`npm run bench -- page-growth`): one server, one business with a
 * webhook on sale.completed; orders in steps (16 connections), and after each step GET /orders?page=1
 * and GET /products?page=1 at 16 connections on the same server. A first page costs the same at any
 * size, so its rate should hold as the sales grow: a plan PostgreSQL settled on while the tables were
 * small, kept as they grew, shows here as a falling rate. With BENCH_REF_DIR, the reference checkout's
 * server first, then this one's, each on a fresh database.
 */
import * as path from 'path';
import { Log, withBenchDatabase } from './bench-support';
import { DEFAULT_CONFIGURATION, driveGet, driveOrders, startApi, subscribeSales } from './orders-api';
import { seedBusinesses } from './orders-workload';
import { startReceiver } from '../test/helpers/receiver';

/** Seconds of orders before each read step: the business grows to roughly 1,000, 5,000 and 15,000 sales. */
const ORDER_STEPS = [3, 10, 20];
const READ_SECONDS = 8;
const PAGES = ['/api/v1/orders?page=1', '/api/v1/products?page=1'];

async function growing(dir: string, log: Log): Promise<void> {
  await withBenchDatabase('bo_bench_growth', async (url) => {
    const [business] = await seedBusinesses(url, 1);
    const receiver = await startReceiver();
    const server = await startApi(url, DEFAULT_CONFIGURATION, dir);
    try {
      await subscribeSales(server, [business], receiver.url);
      let sales = 0;
      for (const seconds of ORDER_STEPS) {
        const orders = await driveOrders(server.base, [business], 16, seconds);
        sales += orders.orders;
        const reads = [];
        for (const page of PAGES) reads.push(await driveGet(server.base, page, business.apiKey, 16, READ_SECONDS));
        const errors = orders.errors + reads.reduce((n, r) => n + r.errors, 0);
        log(`| ${sales.toLocaleString('en')} sales | ${reads.map((r) => r.perSecond.toFixed(0)).join(' | ')} | ${orders.perSecond.toFixed(0)} | ${errors} |`);
      }
    } finally {
      await server.stop();
      await receiver.close();
    }
  });
}

export async function run(log: Log): Promise<void> {
  const reference = process.env.BENCH_REF_DIR;
  const dirs = [...(reference ? [path.resolve(reference)] : []), path.resolve(__dirname, '..')];
  for (const dir of dirs) {
    log(`\n${dir === dirs[dirs.length - 1] ? 'this checkout' : `reference ${dir}`}`);
    log(`| business size | ${PAGES.map((p) => `GET ${p} req/s`).join(' | ')} | orders/s of the step | errors |`);
    log('|---|---:|---:|---:|---:|');
    await growing(dir, log);
  }
}
