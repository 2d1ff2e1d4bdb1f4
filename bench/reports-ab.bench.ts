/*
 * Before and after for the report reads (`npm run bench -- reports-ab`): one business of 1,000,000
 * orders over two years per catalog size (BENCH_REPORTS_AB_PRODUCTS, default 2,000 and 100,000),
 * seeded through SQL and its rollups filled by this checkout's background pass, then the production
 * servers of two checkouts on that same database, BENCH_REF_DIR (the reference) and this one: each
 * read BENCH_REPORTS_AB_RUNS times per server (default 10) in alternated blocks, p50 and p90 in ms,
 * and any status but 200. Both go in BENCHMARKS.md.
 */
import * as path from 'path';
import { performance } from 'perf_hooks';
import { createApplication } from '../src/bootstrap';
import { JsonLogger } from '../src/common/logging/json-logger';
import { loadConfig } from '../src/config/app-config';
import { AnalyticsWarmer } from '../src/modules/analytics/analytics-warmer';
import { seedSalesHistory } from './analytics-seed';
import { Log, percentile, withBenchDatabase, withClient } from './bench-support';
import { ApiProcess, startApi } from './orders-api';

const CATALOGS = (process.env.BENCH_REPORTS_AB_PRODUCTS || '2000,100000').split(',').map(Number);
const ORDERS = Number(process.env.BENCH_REPORTS_AB_ORDERS || 1_000_000);
const RUNS = Number(process.env.BENCH_REPORTS_AB_RUNS || 10);
const BLOCK = 5;
const READS = [
  '/analytics/top-products?days=7&limit=5',
  '/analytics/top-products?days=30&limit=5',
  '/analytics/top-products?days=90&limit=5',
  '/analytics/top-products?days=365&limit=5',
  '/reports/margin?days=30',
  '/reports/margin?days=365',
  '/stock/reorder-suggestions?per_page=10',
];

export async function run(log: Log): Promise<void> {
  const reference = process.env.BENCH_REF_DIR;
  if (!reference) throw new Error('BENCH_REF_DIR: the reference checkout (with node_modules)');
  const dirs: [string, string][] = [
    ['reference', path.resolve(reference)],
    ['this', path.resolve(__dirname, '..')],
  ];
  for (const products of CATALOGS) {
    await withBenchDatabase('bo_bench_reports_ab', async (url) => {
      const business = await withClient(url, (c) => seedSalesHistory(url, c, { orders: ORDERS, days: 730, customers: 50_000, products }, log));
      // 1 product in 200 below its minimum, as the console bench has it
      await withClient(url, async (c) => {
        await c.query(`UPDATE products SET min_stock = 20 WHERE business_id = $1 AND substr(sku, 5)::int % 200 = 0`, [business.business_id]);
        await c.query('VACUUM ANALYZE');
      });
      await warm(url, log);
      const servers = await Promise.all(dirs.map(([, dir]) => startApi(url, {}, dir)));
      try {
        log(`${products} products, ${ORDERS} orders; ${RUNS} runs per read and server, in blocks of ${BLOCK}; reference ${dirs[0][1]}`);
        for (const read of READS) {
          const samples = dirs.map(() => [] as number[]);
          const failures = dirs.map(() => new Map<number, number>());
          for (let done = 0; done < RUNS; done += BLOCK)
            for (const [i, server] of servers.entries())
              for (let n = 0; n < Math.min(BLOCK, RUNS - done); n++) {
                const { ms, status } = await timed(server, read, business.api_key);
                samples[i].push(ms);
                if (status !== 200) failures[i].set(status, (failures[i].get(status) ?? 0) + 1);
              }
          const figures = dirs.map(([name], i) => {
            const sorted = samples[i].sort((a, b) => a - b);
            const failed = [...failures[i]].map(([status, count]) => `${count} x ${status}`).join(', ');
            return `${name} p50 ${percentile(sorted, 50).toFixed(0)} p90 ${percentile(sorted, 90).toFixed(0)}${failed ? ` (${failed})` : ''}`;
          });
          log(`  GET ${read}: ${figures.join('; ')}`);
        }
      } finally {
        await Promise.all(servers.map((s) => s.stop()));
      }
    });
  }
}

/** The rollups and running totals a deployment's background pass keeps, filled once before either server reads. */
async function warm(url: string, log: Log): Promise<void> {
  const started = Date.now();
  const config = { ...loadConfig(), databaseUrl: url, logLevel: 'warn' as const, analyticsWarmIntervalMs: 0 };
  const { app } = await createApplication(config, new JsonLogger('warn'));
  try {
    await app.get(AnalyticsWarmer).warmAll();
  } finally {
    await app.close();
  }
  log(`rollups filled in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

async function timed(server: ApiProcess, read: string, apiKey: string): Promise<{ ms: number; status: number }> {
  const started = performance.now();
  const res = await fetch(`${server.base}/api/v1${read}`, { headers: { Authorization: `Bearer ${apiKey}` } });
  await res.arrayBuffer();
  return { ms: performance.now() - started, status: res.status };
}
