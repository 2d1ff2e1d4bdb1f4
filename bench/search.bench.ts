/*
 * Search benchmark (`npm run bench -- search`): GET /search (docs/api.md 21) on the console
 * benchmark's business (bench/console-seed.ts: 100,000 products, 1,000,000 orders, 50,000 customers,
 * 200,000 invoices, 2,000 suppliers; BENCH_CONSOLE_KEEP=1 reuses it), with an admin key, so every
 * kind is read: a real server process, one request at a time, p50 and p95 of each typical query
 * after a warm-up. The seed gives customers no phone: this section gives each one
 * (`+49 (30) 555xxxx`, once) so the phone rule has numbers to read.
 */
import * as http from 'http';
import { freePort } from '../test/helpers/processes';
import { Log, percentile, startServerProcess, stopServerProcess, withClient } from './bench-support';
import { withConsoleBusiness } from './console-kept-seed';

const RUNS = Number(process.env.BENCH_SEARCH_RUNS || 200);
const WARM_UP = 20;

/** What a cashier types: [what it stands for, the query]. */
const QUERIES: [string, string][] = [
  ['two characters (every product)', 'pr'],
  ['a product name fragment', 'uct 4242'],
  ['a SKU prefix', 'sku-0123'],
  ['an order number prefix', 'S-1234'],
  ['an order number, scanned', 'S-999999'],
  ['a phone fragment', '555 0123'],
  ['no match', 'zqxj'],
];

function get(port: number, path: string, apiKey: string): Promise<{ status: number; ms: number; hits: number }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path, headers: { Authorization: `Bearer ${apiKey}` } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const ms = performance.now() - started;
          const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { data?: unknown[] };
          resolve({ status: res.statusCode ?? 0, ms, hits: body.data?.length ?? 0 });
        });
      })
      .on('error', reject);
  });
}

export async function run(log: Log): Promise<void> {
  await withConsoleBusiness(log, async (url, business) => {
    await withClient(url, async (client) => {
      const given = await client.query(
        `UPDATE customers SET phone = '+49 (30) ' || (5550000 + substr(name, 10)::int), phone_normalized = '+4930' || (5550000 + substr(name, 10)::int)
          WHERE business_id = $1 AND phone IS NULL AND name LIKE 'Customer %'`,
        [business.business_id],
      );
      if ((given.rowCount ?? 0) > 0) await client.query('VACUUM ANALYZE customers');
    });
    const port = await freePort();
    const server = await startServerProcess(url, port);
    try {
      log(`GET /search, admin key (every kind), ${RUNS} requests per query one at a time after ${WARM_UP}; GET /business first, for the cost of any request`);
      for (const [what, q] of [['GET /business', ''], ...QUERIES]) {
        const path = q === '' ? '/api/v1/business' : `/api/v1/search?q=${encodeURIComponent(q)}`;
        for (let i = 0; i < WARM_UP; i++) await get(port, path, business.api_key);
        const times: number[] = [];
        let last = { status: 0, ms: 0, hits: 0 };
        for (let i = 0; i < RUNS; i++) {
          last = await get(port, path, business.api_key);
          if (last.status !== 200) throw new Error(`${path}: ${last.status}`);
          times.push(last.ms);
        }
        times.sort((a, b) => a - b);
        log(
          `  ${what}${q === '' ? '' : ` (${JSON.stringify(q)}, ${last.hits} results)`}: p50 ${percentile(times, 50).toFixed(1)} ms, p95 ${percentile(times, 95).toFixed(1)} ms`,
        );
      }
    } finally {
      await stopServerProcess(server);
    }
  });
}
