/*
 * Loyalty history benchmark (`npm run bench -- loyalty-history`): a real server process (of
 * BENCH_SERVER_DIR, default this checkout) on a fresh database where one customer has
 * BENCH_LOYALTY_TRANSACTIONS (default 200,000) loyalty transactions. Reported: GET
 * /loyalty/:id/history without parameters (docs/api.md 2: the whole history, bare), once and 8 at once, with the
 * bytes, the time and the server's peak resident memory above its resident memory before (VmHWM
 * after /proc/<pid>/clear_refs, Linux); first one page of 100 (`?limit=100`, where the server has it).
 */
import * as fs from 'fs';
import * as http from 'http';
import { freePort } from '../test/helpers/processes';
import { Log, provisionBusinesses, SERVER_DIR, startServerProcess, stopServerProcess, withBenchDatabase, withClient } from './bench-support';

const TRANSACTIONS = Number(process.env.BENCH_LOYALTY_TRANSACTIONS || 200_000);

function get(port: number, path: string, apiKey: string): Promise<{ status: number; bytes: number; ms: number }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path, headers: { Authorization: `Bearer ${apiKey}` } }, (res) => {
        let bytes = 0;
        res.on('data', (chunk: Buffer) => (bytes += chunk.length));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, bytes, ms: performance.now() - started }));
      })
      .on('error', reject);
  });
}

/** kB of a /proc/<pid>/status field (VmRSS, VmHWM). */
function memoryKb(pid: number, field: string): number {
  const line = fs
    .readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith(`${field}:`));
  return Number(/(\d+)/.exec(line ?? '')?.[1]);
}

/** Runs `work` and answers the server's peak resident memory above what it held before, in MB. */
async function peakGrowthMb(pid: number, work: () => Promise<unknown>): Promise<number> {
  fs.writeFileSync(`/proc/${pid}/clear_refs`, '5'); // resets VmHWM to the current resident size
  const before = memoryKb(pid, 'VmRSS');
  await work();
  return (memoryKb(pid, 'VmHWM') - before) / 1024;
}

export async function run(log: Log): Promise<void> {
  await withBenchDatabase('bo_bench_loyalty', async (url) => {
    const [biz] = await provisionBusinesses(url, [{ name: 'Loyal Shop' }]);
    const customerId = await withClient(url, async (client) => {
      const [{ id }] = (
        await client.query(`INSERT INTO customers (business_id, name, email, email_normalized) VALUES ($1, 'Loyal', 'l@x.test', 'l@x.test') RETURNING id`, [
          biz.business_id,
        ])
      ).rows as { id: string }[];
      await client.query(
        `INSERT INTO loyalty_transactions (business_id, customer_id, type, points, description, created_at)
         SELECT $1, $2, 'earn', 10, 'Points earned on order S-' || n, now() - n * interval '1 minute' FROM generate_series(1, $3) n`,
        [biz.business_id, id, TRANSACTIONS],
      );
      await client.query(`INSERT INTO loyalty_accounts (business_id, customer_id, balance, lifetime_earned) VALUES ($1, $2, $3, $3)`, [
        biz.business_id,
        id,
        TRANSACTIONS * 10,
      ]);
      return id;
    });
    const port = await freePort();
    const server = await startServerProcess(url, port);
    try {
      const path = `/api/v1/loyalty/${customerId}/history`;
      await get(port, `/api/v1/products`, biz.api_key); // warm-up
      log(`server: ${SERVER_DIR}; one customer with ${TRANSACTIONS.toLocaleString('en')} loyalty transactions`);
      const page = await get(port, `${path}?limit=100`, biz.api_key);
      log(`?limit=100: ${page.status}, ${(page.bytes / 1e3).toFixed(1)} kB in ${page.ms.toFixed(1)} ms`);
      let one = { status: 0, bytes: 0, ms: 0 };
      const oneMb = await peakGrowthMb(server.pid!, async () => (one = await get(port, path, biz.api_key)));
      log(`whole history, 1 request: ${one.status}, ${(one.bytes / 1e6).toFixed(1)} MB in ${one.ms.toFixed(0)} ms; server peak RSS +${oneMb.toFixed(0)} MB`);
      let eight: { status: number; ms: number }[] = [];
      const eightMb = await peakGrowthMb(server.pid!, async () => (eight = await Promise.all(Array.from({ length: 8 }, () => get(port, path, biz.api_key)))));
      const slowest = Math.max(...eight.map((r) => r.ms));
      log(
        `whole history, 8 at once: ${[...new Set(eight.map((r) => r.status))].join('/')}, the slowest in ${slowest.toFixed(0)} ms; server peak RSS +${eightMb.toFixed(0)} MB`,
      );
    } finally {
      await stopServerProcess(server);
    }
  });
}
