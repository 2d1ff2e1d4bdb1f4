/*
 * CSV export benchmark (`npm run bench -- csv-export`): a real server process (of BENCH_SERVER_DIR,
 * default this checkout) on a fresh database where one business has BENCH_CSV_ORDERS (default
 * 100,000) orders of ~3 lines over 100 days, seeded by SQL (analytics-seed.ts). Reported: GET
 * /orders/export of about a tenth of them (the last 10 days) and of all of them, once each, then all
 * of them 4 at once: rows, bytes, time to the first byte and to the last, and the server's peak
 * resident memory above what it held before (VmHWM after /proc/<pid>/clear_refs, Linux). Then all of
 * them once more from a server whose V8 heap is capped (BENCH_CSV_HEAP_MB, default 64): what the
 * export holds does not grow with the rows if it completes there.
 */
import * as fs from 'fs';
import * as http from 'http';
import { freePort } from '../test/helpers/processes';
import { addDays, localDate } from '../src/common/time/local-date';
import { seedSalesHistory } from './analytics-seed';
import { Log, SERVER_DIR, startServerProcess, stopServerProcess, withBenchDatabase, withClient } from './bench-support';

const ORDERS = Number(process.env.BENCH_CSV_ORDERS || 100_000);
const DAYS = 100;
const CAPPED_HEAP_MB = Number(process.env.BENCH_CSV_HEAP_MB || 64);

interface Download {
  status: number;
  bytes: number;
  rows: number;
  firstByteMs: number;
  ms: number;
}

/** Reads the whole answer, counting bytes and CRLFs (the seeded rows hold no line breaks of their own). */
function download(port: number, path: string, apiKey: string): Promise<Download> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path, headers: { Authorization: `Bearer ${apiKey}` } }, (res) => {
        let bytes = 0;
        let lines = 0;
        let firstByteMs = 0;
        res.on('data', (chunk: Buffer) => {
          if (bytes === 0) firstByteMs = performance.now() - started;
          bytes += chunk.length;
          for (let i = chunk.indexOf(10); i >= 0; i = chunk.indexOf(10, i + 1)) lines++;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, bytes, rows: lines - 1, firstByteMs, ms: performance.now() - started }));
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

/** Runs `work`; answers the server's resident memory before, and its peak during, in MB. */
async function peakMb(pid: number, work: () => Promise<unknown>): Promise<{ before: number; peak: number }> {
  fs.writeFileSync(`/proc/${pid}/clear_refs`, '5'); // resets VmHWM to the current resident size
  const before = memoryKb(pid, 'VmRSS');
  await work();
  return { before: before / 1024, peak: memoryKb(pid, 'VmHWM') / 1024 };
}

function line(label: string, d: Download, memory: { before: number; peak: number }): string {
  return (
    `${label}: ${d.status}, ${d.rows.toLocaleString('en')} rows, ${(d.bytes / 1e6).toFixed(1)} MB, first byte ${d.firstByteMs.toFixed(0)} ms, ` +
    `all in ${d.ms.toFixed(0)} ms (${Math.round(d.rows / (d.ms / 1000)).toLocaleString('en')} rows/s); ` +
    `server RSS ${memory.before.toFixed(0)} MB before, peak ${memory.peak.toFixed(0)} MB (+${(memory.peak - memory.before).toFixed(0)} MB)`
  );
}

export async function run(log: Log): Promise<void> {
  await withBenchDatabase('bo_bench_csv', async (url) => {
    const started = Date.now();
    const biz = await withClient(url, async (client) => {
      const seeded = await seedSalesHistory(url, client, { orders: ORDERS, days: DAYS, customers: 10_000, products: 1_000 }, () => undefined);
      await client.query('VACUUM ANALYZE');
      return seeded;
    });
    log(
      `server: ${SERVER_DIR}; one business with ${ORDERS.toLocaleString('en')} orders over ${DAYS} days, seeded in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
    const port = await freePort();
    const server = await startServerProcess(url, port);
    try {
      const pid = server.pid!;
      await download(port, '/api/v1/orders/export?status=cancelled', biz.api_key); // warm-up
      const from = addDays(localDate(new Date(), 'UTC'), -9);
      let tenth = {} as Download;
      const tenthMemory = await peakMb(pid, async () => (tenth = await download(port, `/api/v1/orders/export?from=${from}`, biz.api_key)));
      log(line(`last 10 days (from=${from})`, tenth, tenthMemory));
      let all = {} as Download;
      const allMemory = await peakMb(pid, async () => (all = await download(port, '/api/v1/orders/export', biz.api_key)));
      log(line('every order', all, allMemory));
      let four: Download[] = [];
      const fourMemory = await peakMb(
        pid,
        async () => (four = await Promise.all(Array.from({ length: 4 }, () => download(port, '/api/v1/orders/export', biz.api_key)))),
      );
      const slowest = four.reduce((a, b) => (a.ms > b.ms ? a : b));
      log(line('every order, 4 at once (the slowest)', slowest, fourMemory));
    } finally {
      await stopServerProcess(server);
    }
    const capped = await startServerProcess(url, port, { NODE_OPTIONS: `--max-old-space-size=${CAPPED_HEAP_MB}` });
    try {
      await download(port, '/api/v1/orders/export?status=cancelled', biz.api_key); // warm-up
      let all = {} as Download;
      const memory = await peakMb(capped.pid!, async () => (all = await download(port, '/api/v1/orders/export', biz.api_key)));
      log(line(`every order, heap capped at ${CAPPED_HEAP_MB} MB`, all, memory));
    } finally {
      await stopServerProcess(capped);
    }
  });
}
