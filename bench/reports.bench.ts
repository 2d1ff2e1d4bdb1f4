/*
 * Every analytics and report read at 7, 30, 90 and 365 days (`npm run bench -- reports`, issue 45):
 * one business of 100,000 products and 1,000,000 orders over two years in Europe/Berlin
 * (BENCH_REPORTS_PRODUCTS, BENCH_REPORTS_ORDERS), seeded through SQL and its rollups filled by this
 * checkout's background pass, then the production servers of BENCH_REF_DIR (the reference, e.g.
 * today's main in a `git worktree`; optional) and of this checkout on that same database. Each read
 * BENCH_REPORTS_RUNS times per server (default 20) in alternated blocks of 5, idle and then under
 * the orders load (the reference, without issue 45's parameters, reads the same window without
 * `compare` and `sort`) (POST /orders of the same business paced at BENCH_REPORTS_LOAD_RATE a second,
 * default 10, on the server being measured): p50 and p95 in ms, and any status but 200.
 * BENCH_REPORTS_READS limits the run to some reads (see ONLY).
 * BENCH_REPORTS_KEEP=1 keeps the seeded database (bo_bench_reports_kept) between runs, as
 * BENCH_CONSOLE_KEEP does for the console's: the seed takes about ten minutes.
 *
 * Then the reads that no warm-up pass prepares (coldReads), each server in turn on servers of their
 * own without the background pass: after a return of a sale RETURNED_DAYS_AGO days back, the
 * product reads of the windows holding its day, BENCH_REPORTS_COLD_RUNS times each (the first pays
 * for rolling the day up again); and a window length no request has asked for.
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { performance } from 'perf_hooks';
import { createApplication, migrate } from '../src/bootstrap';
import { JsonLogger } from '../src/common/logging/json-logger';
import { loadConfig } from '../src/config/app-config';
import { AnalyticsWarmer } from '../src/modules/analytics/analytics-warmer';
import { SeededBusiness, seedSalesHistory } from './analytics-seed';
import { BENCH_PG_SERVER, Log, percentile, withBenchDatabase, withClient } from './bench-support';
import { ApiProcess, startApi } from './orders-api';
import { randomOrder } from './orders-workload';

const PRODUCTS = Number(process.env.BENCH_REPORTS_PRODUCTS || 100_000);
const ORDERS = Number(process.env.BENCH_REPORTS_ORDERS || 1_000_000);
const RUNS = Number(process.env.BENCH_REPORTS_RUNS || 20);
const LOAD_RATE = Number(process.env.BENCH_REPORTS_LOAD_RATE || 10);
const TIMEZONE = 'Europe/Berlin';
const BLOCK = 5;
const WINDOWS = [7, 30, 90, 365];
const KEPT = 'bo_bench_reports_kept';
const COLD_RUNS = Number(process.env.BENCH_REPORTS_COLD_RUNS || 5);
const RETURNED_DAYS_AGO = 100;
/** How long the cold reads wait for a server to build the rows of a length first asked (the reference leaves it to the warm-up pass). */
const BUILT_WAIT_MS = 20_000;
/** The product reads of the windows holding a day RETURNED_DAYS_AGO back. */
const AFTER_RETURN_READS = ['/analytics/top-products?days=365&limit=10', '/reports/margin?days=365', '/reports/margin?days=365&sort=margin_percent'];
const RECORD = path.join(os.tmpdir(), `${KEPT}.json`);

/** Every analytics and report read of a window. */
function readsOf(days: number): string[] {
  return [
    `/analytics/dashboard?days=${days}&compare=previous`,
    `/analytics/revenue?days=${days}`,
    `/analytics/top-products?days=${days}&limit=10`,
    `/analytics/customers?days=${days}`,
    `/reports/margin?days=${days}`,
    `/reports/margin?days=${days}&sort=margin_percent`,
  ];
}
/** BENCH_REPORTS_READS (comma-separated): only the reads containing one of these, e.g. `inventory-valuation,margin?days=365`. */
const ONLY = (process.env.BENCH_REPORTS_READS || '').split(',').filter((part) => part !== '');
const READS = [...WINDOWS.flatMap(readsOf), '/reports/inventory-valuation'].filter((read) => ONLY.length === 0 || ONLY.some((part) => read.includes(part)));

// eslint-disable-next-line @typescript-eslint/no-require-imports
const autocannon = require('autocannon') as (options: object) => { stop(): void } & PromiseLike<{ '2xx': number; non2xx: number; errors: number }>;

export async function run(log: Log): Promise<void> {
  const dirs: [string, string][] = [['this', path.resolve(__dirname, '..')]];
  if (process.env.BENCH_REF_DIR) dirs.unshift(['reference', path.resolve(process.env.BENCH_REF_DIR)]);
  await withSeededBusiness(log, async (url, business) => {
    await warm(url, log);
    const servers = await Promise.all(dirs.map(([, dir]) => startApi(url, {}, dir)));
    try {
      log(
        `${PRODUCTS} products, ${ORDERS} orders (${TIMEZONE}); ${RUNS} runs per read and server, in blocks of ${BLOCK}; ${dirs.map(([n, d]) => `${n} ${d}`).join(', ')}`,
      );
      log(
        `machine: ${os.cpus().length} cores, load average ${os
          .loadavg()
          .map((l) => l.toFixed(1))
          .join(' ')} (shared)`,
      );
      for (const phase of ['idle', 'orders load'] as const) {
        log(`-- ${phase}${phase === 'idle' ? '' : ` (POST /orders at ${LOAD_RATE}/s on the server measured)`}`);
        for (const read of READS) {
          const samples = dirs.map(() => [] as number[]);
          const failures = dirs.map(() => new Map<number, number>());
          for (let done = 0; done < RUNS; done += BLOCK)
            for (const [i, server] of servers.entries()) {
              const load = phase === 'idle' ? null : ordersLoad(server, business);
              try {
                for (let n = 0; n < Math.min(BLOCK, RUNS - done); n++) {
                  const { ms, status } = await timed(server, dirs[i][0] === 'reference' ? asBefore(read) : read, business.api_key);
                  samples[i].push(ms);
                  if (status !== 200) failures[i].set(status, (failures[i].get(status) ?? 0) + 1);
                }
              } finally {
                load?.stop();
              }
            }
          const figures = dirs.map(([name], i) => {
            const sorted = samples[i].sort((a, b) => a - b);
            const failed = [...failures[i]].map(([status, count]) => `${count} x ${status}`).join(', ');
            return `${name} p50 ${percentile(sorted, 50).toFixed(0)} p95 ${percentile(sorted, 95).toFixed(0)}${failed ? ` (${failed})` : ''}`;
          });
          log(`  GET ${read}: ${figures.join('; ')}`);
        }
      }
    } finally {
      await Promise.all(servers.map((s) => s.stop()));
    }
    if (ONLY.length === 0) await coldReads(url, business, dirs, log);
  });
}

/**
 * The reads no warm-up pass prepares, on each server in turn, after a pass (which rebuilds what a
 * reference's return made it forget): a return of a line of a sale RETURNED_DAYS_AGO days back (the
 * next day back for the next server, so neither reads a day the other rolled up again), then each
 * of AFTER_RETURN_READS COLD_RUNS times; and the first reads of a window length no request asked
 * before (lengthNeverAsked). Servers without the background pass, so none runs between.
 */
async function coldReads(url: string, business: SeededBusiness, dirs: [string, string][], log: Log): Promise<void> {
  const times = new Map<string, string[]>();
  const record = (read: string, figures: string) => times.set(read, [...(times.get(read) ?? []), figures]);
  for (const [i, [name, dir]] of dirs.entries()) {
    await warm(url, log);
    const server = await startApi(url, { ANALYTICS_WARM_INTERVAL_MS: '0' }, dir);
    try {
      const line = await lineToReturn(url, business.business_id, RETURNED_DAYS_AGO + i);
      const res = await fetch(`${server.base}/api/v1/orders/${line.sale_id}/returns`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${business.api_key}`, 'content-type': 'application/json' },
        body: JSON.stringify({ items: [{ sale_item_id: line.id, quantity: 1 }] }),
      });
      if (res.status !== 201) throw new Error(`the return answered ${res.status}: ${await res.text()}`);
      const neverDays = await lengthNeverAsked(url, business.business_id);
      const never = `/analytics/top-products?days=${neverDays}&limit=10`;
      const reads = async (read: string, count: number) => {
        const runs: string[] = [];
        for (let n = 0; n < count; n++) {
          const { ms, status } = await timed(server, read, business.api_key);
          runs.push(`${ms.toFixed(0)}${status === 200 ? '' : ` (${status})`}`);
        }
        return runs.join(', ');
      };
      for (const read of AFTER_RETURN_READS) record(`${read} after the return`, `${name} ${await reads(read, COLD_RUNS)}`);
      const asked = performance.now();
      record('top-products, a length never asked (200 days or more)', `${name} ${await reads(never, COLD_RUNS)}`);
      const built = await rowsBuilt(url, business.business_id, neverDays, BUILT_WAIT_MS);
      record(
        'top-products, that length once its rows exist',
        built
          ? `${name} built ${((performance.now() - asked) / 1000).toFixed(1)} s after its first read, then ${await reads(never, 3)}`
          : `${name} not built within ${BUILT_WAIT_MS / 1000} s`,
      );
    } finally {
      await server.stop();
    }
  }
  log(`-- before any warm-up pass: a return of a sale ${RETURNED_DAYS_AGO} days back, then each read ${COLD_RUNS} times in a row (ms)`);
  for (const [label, figures] of times) log(`  GET ${label}: ${figures.join('; ')}`);
}

/** The first window length from 200 days the business has neither rows nor a remembered request for (a kept database remembers earlier runs'). */
async function lengthNeverAsked(url: string, businessId: string): Promise<number> {
  return withClient(url, async (c) => {
    const { rows } = await c.query(
      `SELECT min(d)::int AS days FROM generate_series(200, 364) d
        WHERE d NOT IN (SELECT days FROM analytics_warm_windows WHERE business_id = $1)
          AND d NOT IN (SELECT days FROM analytics_window_product_state WHERE business_id = $1)`,
      [businessId],
    );
    if (rows[0].days === null) throw new Error('every window length from 200 days was asked before: drop the kept database');
    return rows[0].days;
  });
}

/** Whether the rows of the `days`-day window exist (polled until `waitMs` has passed). */
async function rowsBuilt(url: string, businessId: string, days: number, waitMs: number): Promise<boolean> {
  return withClient(url, async (c) => {
    for (const deadline = Date.now() + waitMs; Date.now() < deadline; await new Promise((r) => setTimeout(r, 250))) {
      const { rowCount } = await c.query(`SELECT 1 FROM analytics_window_product_state WHERE business_id = $1 AND days = $2`, [businessId, days]);
      if (rowCount === 1) return true;
    }
    return false;
  });
}

/** A line with something left to return, of a completed sale created `daysAgo` days back. */
async function lineToReturn(url: string, businessId: string, daysAgo: number): Promise<{ sale_id: string; id: string }> {
  return withClient(url, async (c) => {
    const { rows } = await c.query(
      `SELECT i.sale_id, i.id FROM sales s JOIN sale_items i ON i.business_id = s.business_id AND i.sale_id = s.id
        WHERE s.business_id = $1 AND s.status = 'completed' AND i.quantity > i.returned_quantity
          AND s.created_at >= now() - make_interval(days => $2) AND s.created_at < now() - make_interval(days => $2 - 1)
        ORDER BY s.created_at LIMIT 1`,
      [businessId, daysAgo],
    );
    if (rows.length === 0) throw new Error(`no completed sale ${daysAgo} days back to return`);
    return rows[0];
  });
}

/** POST /orders of the business paced at LOAD_RATE a second until stopped. */
function ordersLoad(server: ApiProcess, business: SeededBusiness): { stop(): void } {
  const shape = { id: business.business_id, apiKey: business.api_key, warehouseId: business.warehouse_id, productIds: business.productIds };
  const instance = autocannon({
    url: server.base,
    connections: 8,
    duration: 3600,
    overallRate: LOAD_RATE,
    requests: [
      {
        method: 'POST',
        path: '/api/v1/orders',
        setupRequest: (req: object) => ({
          ...req,
          headers: { 'content-type': 'application/json', authorization: `Bearer ${business.api_key}` },
          body: JSON.stringify(randomOrder(shape)),
        }),
      },
    ],
  });
  return { stop: () => instance.stop() };
}

/** The seeded business, on a fresh database or (BENCH_REPORTS_KEEP) the kept one. */
async function withSeededBusiness(log: Log, work: (url: string, business: SeededBusiness) => Promise<void>): Promise<void> {
  const seed = (url: string) =>
    withClient(url, async (c) => {
      const business = await seedSalesHistory(url, c, { orders: ORDERS, days: 730, customers: 50_000, products: PRODUCTS, timezone: TIMEZONE }, log);
      // 1 product in 200 below its minimum, as the console bench has it
      await c.query(`UPDATE products SET min_stock = 20 WHERE business_id = $1 AND substr(sku, 5)::int % 200 = 0`, [business.business_id]);
      await c.query('VACUUM ANALYZE');
      return business;
    });
  if (!process.env.BENCH_REPORTS_KEEP) return withBenchDatabase('bo_bench_reports', async (url) => work(url, await seed(url)));
  const url = `${BENCH_PG_SERVER}/${KEPT}`;
  const shape = `${PRODUCTS}/${ORDERS}/${TIMEZONE}`;
  const record = fs.existsSync(RECORD) ? (JSON.parse(fs.readFileSync(RECORD, 'utf8')) as { shape: string; business: SeededBusiness }) : undefined;
  const admin = (sql: string) => withClient(`${BENCH_PG_SERVER}/postgres`, (c) => c.query(sql));
  const exists = (await admin(`SELECT 1 FROM pg_database WHERE datname = '${KEPT}'`)).rowCount === 1;
  if (record?.shape === shape && exists) {
    await migrate(url);
    log(`reusing the kept database ${KEPT} (BENCH_REPORTS_KEEP)`);
    return work(url, record.business);
  }
  await admin(`DROP DATABASE IF EXISTS "${KEPT}" WITH (FORCE)`);
  await admin(`CREATE DATABASE "${KEPT}"`);
  await migrate(url);
  const business = await seed(url);
  fs.writeFileSync(RECORD, JSON.stringify({ shape, business }));
  log(`kept as ${KEPT} for the next run (BENCH_REPORTS_KEEP)`);
  return work(url, business);
}

/** The rollups a deployment's background pass keeps, brought up to date before either server reads. */
async function warm(url: string, log: Log): Promise<void> {
  const started = Date.now();
  const config = { ...loadConfig(), databaseUrl: url, logLevel: 'warn' as const, analyticsWarmIntervalMs: 0 };
  const { app } = await createApplication(config, new JsonLogger('warn'));
  try {
    await app.get(AnalyticsWarmer).warmAll();
  } finally {
    await app.close();
  }
  log(`rollups brought up to date in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

/** The reference (today's main) has no `compare` nor margin `sort`: it reads the same window without them. */
function asBefore(read: string): string {
  return read.replace('&compare=previous', '').replace('&sort=margin_percent', '');
}

async function timed(server: ApiProcess, read: string, apiKey: string): Promise<{ ms: number; status: number }> {
  const started = performance.now();
  const res = await fetch(`${server.base}/api/v1${read}`, { headers: { Authorization: `Bearer ${apiKey}` } });
  await res.arrayBuffer();
  return { ms: performance.now() - started, status: res.status };
}
