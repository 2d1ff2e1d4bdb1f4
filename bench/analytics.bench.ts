/*
 * Analytics benchmark (`npm run bench -- analytics`): a fresh database on the local PostgreSQL,
 * migrated, seeded through SQL with BENCH_ANALYTICS_ORDERS orders (default 1,000,000, ~3 lines
 * each) of one business spread over two years, then the real API on a free port: the first (cold)
 * call of each analytics endpoint, and p50/p99 over BENCH_ANALYTICS_REQUESTS sequential requests
 * (default 200) at several windows, the margin report at the same windows and the inventory valuation
 * (BENCH_ANALYTICS_PRODUCTS products, default 200; issue 13 measures 2,000), plus GET
 * /orders?from=&to=&page=50 when that route exists.
 * The database is dropped at the end. Figures and how to read them: BENCHMARKS.md (Analytics benchmark).
 */
import { AddressInfo } from 'net';
import * as os from 'os';
import { createApplication } from '../src/bootstrap';
import { JsonLogger } from '../src/common/logging/json-logger';
import { loadConfig } from '../src/config/app-config';
import { addDays, localDate } from '../src/modules/analytics/analytics-window';
import { AnalyticsWarmer } from '../src/modules/analytics/analytics-warmer';
import { closeAgent, measure, timedGet } from './analytics-http';
import { seedSalesHistory } from './analytics-seed';
import { Log, withBenchDatabase, withClient } from './bench-support';

const ORDERS = Number(process.env.BENCH_ANALYTICS_ORDERS || 1_000_000);
const REQUESTS = Number(process.env.BENCH_ANALYTICS_REQUESTS || 200);
const HISTORY_DAYS = 730;
const WINDOWS = [30, 365, 1];
const PRODUCTS = Number(process.env.BENCH_ANALYTICS_PRODUCTS || 200);
const ENDPOINTS = ['analytics/dashboard', 'analytics/revenue', 'analytics/top-products', 'analytics/customers', 'reports/margin'];

export async function run(log: Log): Promise<void> {
  await withBenchDatabase('bo_bench_analytics', async (url) => {
    try {
      const business = await seed(url, log);
      await measureApi(url, business.api_key, business.business_id, log);
    } finally {
      closeAgent();
    }
  });
}

async function seed(url: string, log: Log) {
  return withClient(url, async (client) => {
    const started = Date.now();
    log(`seeding ${ORDERS} orders over ${HISTORY_DAYS} days (50,000 customers, ${PRODUCTS} products)`);
    const business = await seedSalesHistory(url, client, { orders: ORDERS, days: HISTORY_DAYS, customers: 50_000, products: PRODUCTS }, log);
    await client.query('VACUUM ANALYZE');
    const sizes = await client.query(
      `SELECT relname, pg_size_pretty(pg_total_relation_size(oid)) AS size FROM pg_class WHERE relname IN ('sales', 'sale_items')`,
    );
    log(`seeded and vacuumed in ${((Date.now() - started) / 1000).toFixed(1)} s (${sizes.rows.map((r) => `${r.relname} ${r.size}`).join(', ')})`);
    return business;
  });
}

async function measureApi(url: string, apiKey: string, businessId: string, log: Log): Promise<void> {
  // the warm-up runs only when the last round asks for it: the first two measure what requests build
  const config = { ...loadConfig(), databaseUrl: url, logLevel: 'warn' as const, rateLimitPerMinute: 0, analyticsWarmIntervalMs: 0 };
  const { app } = await createApplication(config, new JsonLogger('warn'));
  await app.listen(0, '127.0.0.1');
  const base = `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}/api/v1`;
  const headers = { Authorization: `Bearer ${apiKey}` };
  try {
    log(`\n--- business time zone UTC (local time now ${new Date().toISOString().slice(11, 16)}: today so far is live) ---`);
    await measureRound(base, headers, log);
    await measureOrdersList(base, headers, log);
    // The first hour after local midnight: yesterday is still open (grace period), so the reports
    // read it from its closed hour buckets plus ~1-2 live hours. Rollup days depend on the zone,
    // so they are dropped and rebuilt for it.
    const zone = zoneInFirstHour(new Date());
    await withClient(url, async (c) => {
      await c.query(`UPDATE businesses SET timezone = $2 WHERE id = $1`, [businessId, zone]);
      await c.query(
        `TRUNCATE analytics_daily_sales, analytics_daily_products, analytics_product_totals, analytics_product_totals_state, analytics_customer_snapshots`,
      );
    });
    log(
      `\n--- business time zone ${zone} (local time 00:${new Date().toISOString().slice(14, 16)}: yesterday still open, read from its closed hour buckets) ---`,
    );
    await measureRound(base, headers, log);
    // Everything built again by the background warm-up (AnalyticsWarmer), then the same round: the
    // first calls of the day as a deployment with the warm-up sees them.
    await withClient(url, (c) =>
      c.query(
        `TRUNCATE analytics_daily_sales, analytics_daily_products, analytics_hourly_sales, analytics_hourly_products, analytics_product_totals, analytics_product_totals_state, analytics_customer_snapshots`,
      ),
    );
    const started = Date.now();
    await app.get(AnalyticsWarmer).warmAll();
    log(`\n--- business time zone ${zone}, after a background warm-up pass (${((Date.now() - started) / 1000).toFixed(1)} s, no request waiting on it) ---`);
    await measureRound(base, headers, log);
  } finally {
    await app.close();
  }
}

/** An Etc/GMT zone whose local time is now in the hour after midnight (Etc/GMT-N is UTC+N). */
function zoneInFirstHour(now: Date): string {
  let offset = (24 - now.getUTCHours()) % 24;
  if (offset > 14) offset -= 24;
  return offset === 0 ? 'Etc/GMT' : `Etc/GMT${offset > 0 ? '-' : '+'}${Math.abs(offset)}`;
}

function row(log: Log, name: string, m: { p50: number; p99: number; max: number }): void {
  log(`  ${name.padEnd(36)} ${m.p50.toFixed(2).padStart(7)} ${m.p99.toFixed(2).padStart(7)} ${m.max.toFixed(2).padStart(7)}`);
}

async function measureRound(base: string, headers: Record<string, string>, log: Log): Promise<void> {
  log(
    `load average before the round: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')} (2 cores)`,
  );
  log(`cold first calls, in this order (each fills only what earlier calls did not: daily rollup, customer snapshot)`);
  for (const days of WINDOWS) {
    for (const endpoint of ENDPOINTS) {
      const r = await timedGet(base, `/${endpoint}?days=${days}`, headers);
      if (r.status !== 200) throw new Error(`${endpoint} answered ${r.status}: ${r.body.slice(0, 300)}`);
      log(`  ${endpoint.padEnd(23)} days=${String(days).padEnd(3)} ${r.ms.toFixed(1)} ms`);
    }
  }
  log(`warm: ${REQUESTS} sequential requests each (ms)`);
  log(`  ${'endpoint'.padEnd(36)} ${'p50'.padStart(7)} ${'p99'.padStart(7)} ${'max'.padStart(7)}`);
  for (const days of WINDOWS) {
    for (const endpoint of ENDPOINTS) {
      row(log, `${endpoint} days=${days}`, await measure(base, `/${endpoint}?days=${days}`, headers, REQUESTS));
    }
  }
  row(log, 'reports/inventory-valuation', await measure(base, '/reports/inventory-valuation', headers, REQUESTS));
}

async function measureOrdersList(base: string, headers: Record<string, string>, log: Log): Promise<void> {
  const probe = await timedGet(base, `/orders?page=1`, headers);
  if (probe.status === 404) {
    log(`GET /orders does not exist in this build: not measured`);
    return;
  }
  const today = localDate(new Date(), 'UTC');
  for (const days of [30, 365]) {
    const path = `/orders?from=${addDays(today, -(days - 1))}&to=${today}&page=50`;
    row(log, `GET /orders ${days} d window, page=50`, await measure(base, path, headers, REQUESTS));
  }
}
