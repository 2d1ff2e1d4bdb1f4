/*
 * Orders benchmark (`npm run bench -- orders`), issue 3: POST /orders on the real server (its own
 * process, src/main.ts) against a fresh database on the local PostgreSQL, 1,000 products and 1,000
 * customers per business, autocannon at 16 connections for 20 s (3 distinct random lines, 80% known
 * emails, half with send_invoice), once with one business and once spread over eight; then
 * GET /orders?page=1&per_page=20. The same load through the raw-SQL reference (orders-baseline.ts:
 * the same writes through `pg`, 16 connections), and the ratios. The API runs with
 * WEBHOOK_DISPATCHER=off, as a deployment where another process drains the outbox: the baseline
 * writes the outbox and delivers nothing either; one more one-business run shows the cost of the
 * in-process dispatcher. Each run gets its own database, dropped at the end.
 * BENCH_ORDERS_SECONDS and BENCH_PG_SERVER override the defaults.
 */
import * as os from 'os';
import { Log, withBenchDatabase } from './bench-support';
import { driveGet, driveOrders, startApi } from './orders-api';
import { driveBaseline } from './orders-baseline';
import { BenchBusiness, LoadFigures, seedBusinesses } from './orders-workload';

const SECONDS = Number(process.env.BENCH_ORDERS_SECONDS || 20);
const WARMUP_SECONDS = 3;
const LIST_SECONDS = 10;
const CONNECTIONS = 16;

/** A fresh migrated database seeded with `businesses` businesses, dropped after `work`. */
function withDatabase<T>(label: string, businesses: number, work: (url: string, seeded: BenchBusiness[]) => Promise<T>): Promise<T> {
  return withBenchDatabase(`bo_bench_orders_${label}`, async (url) => work(url, await seedBusinesses(url, businesses)));
}

interface ScenarioFigures {
  api: LoadFigures;
  list: LoadFigures;
  raw: LoadFigures;
}

const NO_DISPATCHER = { WEBHOOK_DISPATCHER: 'off' };

async function scenario(businesses: number, log: Log): Promise<ScenarioFigures> {
  const label = businesses === 1 ? 'one business' : `${businesses} businesses`;
  log(`\n--- ${label} ---`);
  const { api, list } = await withDatabase(`api${businesses}`, businesses, async (url, seeded) => {
    const server = await startApi(url, NO_DISPATCHER);
    try {
      await driveOrders(server.base, seeded, CONNECTIONS, WARMUP_SECONDS);
      const api = await driveOrders(server.base, seeded, CONNECTIONS, SECONDS);
      log(line(`API POST /orders`, api));
      const list = await driveGet(server.base, '/api/v1/orders?page=1&per_page=20', seeded[0].apiKey, CONNECTIONS, LIST_SECONDS);
      log(line(`API GET /orders?page=1&per_page=20`, list, 'req/s'));
      return { api, list };
    } finally {
      await server.stop();
    }
  });
  const raw = await withDatabase(`raw${businesses}`, businesses, async (url, seeded) => {
    await driveBaseline(url, seeded, CONNECTIONS, WARMUP_SECONDS);
    return driveBaseline(url, seeded, CONNECTIONS, SECONDS);
  });
  log(line(`raw SQL (pg)`, raw));
  log(
    `ratios: orders/s ${(api.perSecond / raw.perSecond).toFixed(2)} (target >= 0.60), ` +
      `p99 ${(api.p99 / raw.p99).toFixed(2)}x (target <= 1.50), p50 ${(api.p50 / raw.p50).toFixed(2)}x`,
  );
  return { api, list, raw };
}

function line(label: string, f: LoadFigures, unit = 'orders/s'): string {
  return `${label.padEnd(38)} ${f.perSecond.toFixed(1).padStart(7)} ${unit}  p50 ${f.p50.toFixed(1).padStart(6)} ms  p99 ${f.p99
    .toFixed(1)
    .padStart(6)} ms  (${f.orders} ok, ${f.errors} errors, ${f.seconds.toFixed(1)} s)`;
}

async function withDispatcher(log: Log): Promise<LoadFigures> {
  return withDatabase('apidispatch', 1, async (url, seeded) => {
    const server = await startApi(url);
    try {
      await driveOrders(server.base, seeded, CONNECTIONS, WARMUP_SECONDS);
      const api = await driveOrders(server.base, seeded, CONNECTIONS, SECONDS);
      log(line('API POST /orders, webhook dispatcher on', api));
      return api;
    } finally {
      await server.stop();
    }
  });
}

export async function run(log: Log): Promise<void> {
  log(
    `${os.cpus().length} CPUs, load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}; ${CONNECTIONS} connections x ${SECONDS} s (after ${WARMUP_SECONDS} s warm-up)`,
  );
  const one = await scenario(1, log);
  const eight = await scenario(8, log);
  log('\n--- one business, the API with its in-process webhook dispatcher (default configuration) ---');
  const dispatching = await withDispatcher(log);
  log('\n| run | API orders/s | raw orders/s | ratio | API p50 / p99 ms | raw p50 / p99 ms | p99 ratio |');
  log('|---|---|---|---|---|---|---|');
  for (const [name, s] of [
    ['one business', one],
    ['eight businesses', eight],
  ] as const) {
    log(
      `| ${name} | ${s.api.perSecond.toFixed(0)} | ${s.raw.perSecond.toFixed(0)} | ${(s.api.perSecond / s.raw.perSecond).toFixed(2)} | ` +
        `${s.api.p50.toFixed(0)} / ${s.api.p99.toFixed(0)} | ${s.raw.p50.toFixed(0)} / ${s.raw.p99.toFixed(0)} | ${(s.api.p99 / s.raw.p99).toFixed(2)} |`,
    );
  }
  log(`with the webhook dispatcher on (one business): ${dispatching.perSecond.toFixed(0)} orders/s, p50 ${dispatching.p50} ms, p99 ${dispatching.p99} ms`);
  log(
    `GET /orders?page=1&per_page=20: ${one.list.perSecond.toFixed(0)} req/s p50 ${one.list.p50} ms p99 ${one.list.p99} ms (one business), ` +
      `${eight.list.perSecond.toFixed(0)} req/s p50 ${eight.list.p50} ms p99 ${eight.list.p99} ms (eight)`,
  );
}
