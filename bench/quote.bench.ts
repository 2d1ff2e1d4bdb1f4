/*
 * The quote beside the order (`npm run bench -- quote`), issue 42: POST /orders/quote and POST
 * /orders of the same random orders (orders-workload.ts: 3 lines, 80% known customers, half
 * invoiced) on the real server against a fresh database of one business (1,000 products and
 * customers), one after the other in one run, each after its own warm-up, at BENCH_QUOTE_CONNECTIONS
 * (default 8) connections for BENCH_QUOTE_SECONDS (default 10) s. Target: the quote's p50 and p99 under
 * half the order's. The quote is one read statement outside any transaction; the order is three
 * round trips inside one, holding stock and counter locks.
 */
import * as os from 'os';
import { Log, withBenchDatabase } from './bench-support';
import { DEFAULT_CONFIGURATION, driveOrders, driveQuotes, startApi } from './orders-api';
import { LoadFigures, seedBusinesses } from './orders-workload';

const SECONDS = Number(process.env.BENCH_QUOTE_SECONDS || 10);
const CONNECTIONS = Number(process.env.BENCH_QUOTE_CONNECTIONS || 8);
const WARMUP_SECONDS = 3;

function line(label: string, f: LoadFigures): string {
  return `${label.padEnd(20)} ${f.perSecond.toFixed(1).padStart(7)} req/s  p50 ${f.p50.toFixed(1).padStart(6)} ms  p99 ${f.p99.toFixed(1).padStart(6)} ms  (${f.orders} ok, ${f.errors} errors)`;
}

export async function run(log: Log): Promise<void> {
  log(
    `${os.cpus().length} CPUs, load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}; ${CONNECTIONS} connections x ${SECONDS} s each (after ${WARMUP_SECONDS} s warm-up)`,
  );
  await withBenchDatabase('bo_bench_quote', async (url) => {
    const seeded = await seedBusinesses(url, 1);
    const server = await startApi(url, DEFAULT_CONFIGURATION);
    try {
      await driveQuotes(server.base, seeded, CONNECTIONS, WARMUP_SECONDS);
      const quotes = await driveQuotes(server.base, seeded, CONNECTIONS, SECONDS);
      log(line('POST /orders/quote', quotes));
      await driveOrders(server.base, seeded, CONNECTIONS, WARMUP_SECONDS);
      const orders = await driveOrders(server.base, seeded, CONNECTIONS, SECONDS);
      log(line('POST /orders', orders));
      const verdict = (q: number, o: number) => `${(q / o).toFixed(2)}x ${q < o / 2 ? '(under half: met)' : '(NOT under half)'}`;
      log(`quote / order: p50 ${verdict(quotes.p50, orders.p50)}, p99 ${verdict(quotes.p99, orders.p99)}`);
    } finally {
      await server.stop();
    }
  });
}
