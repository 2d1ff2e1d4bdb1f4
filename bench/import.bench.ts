/*
 * Import benchmark (`npm run bench -- import`): a real server process (the production build) on a
 * fresh database; a CSV file of BENCH_IMPORT_ROWS (default 100,000) new products (SKU, name, price,
 * cost, one of 50 categories, min_stock), written to disk and uploaded streamed (docs/api.md 23).
 * Reported: the upload, the validation (202 to `ready`) and the apply (202 to `done`), each with the
 * server's peak resident memory above what it held before (VmHWM after /proc/<pid>/clear_refs,
 * Linux); and POST /orders paced at BENCH_IMPORT_ORDER_RATE a second (default 20) for 10 s idle,
 * then during the validation and during the apply: p50 and p99 of each, and their ratios to idle.
 */
import * as fs from 'fs';
import * as http from 'http';
import * as os from 'os';
import * as path from 'path';
import { freePort } from '../test/helpers/processes';
import { Log, percentile, provisionBusinesses, startServerProcess, stopServerProcess, withBenchDatabase } from './bench-support';

const ROWS = Number(process.env.BENCH_IMPORT_ROWS || 100_000);
const ORDER_RATE = Number(process.env.BENCH_IMPORT_ORDER_RATE || 20);
const IDLE_SECONDS = 10;

interface Answer {
  status: number;
  body: any;
}

function request(port: number, method: string, pathName: string, apiKey: string, body?: object): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const data = body ? Buffer.from(JSON.stringify(body)) : undefined;
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path: `/api/v1${pathName}`,
        headers: { Authorization: `Bearer ${apiKey}`, ...(data ? { 'Content-Type': 'application/json', 'Content-Length': data.length } : {}) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          resolve({ status: res.statusCode ?? 0, body: text ? JSON.parse(text) : null });
        });
      },
    );
    req.on('error', reject);
    req.end(data);
  });
}

/** The file, written a line at a time (never whole in memory). */
async function writeFile(file: string): Promise<number> {
  const out = fs.createWriteStream(file);
  const write = (line: string) => (out.write(line) ? Promise.resolve() : new Promise<void>((r) => out.once('drain', () => r())));
  await write('sku,name,price,cost_price,category.name,min_stock\n');
  for (let i = 1; i <= ROWS; i++) await write(`IMP-${i},Imported product ${i},${(i % 997) + 0.99},${(i % 500) + 0.25},Category ${i % 50},${i % 7}\n`);
  await new Promise<void>((r) => out.end(r));
  return fs.statSync(file).size;
}

function memoryKb(pid: number, field: string): number {
  const line = fs
    .readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith(`${field}:`));
  return Number(/(\d+)/.exec(line ?? '')?.[1]);
}

/** Paced POST /orders until `stop()` is true: the latencies in ms. */
async function paceOrders(port: number, apiKey: string, productId: string, stop: () => boolean): Promise<{ latencies: number[]; failed: number }> {
  const latencies: number[] = [];
  let failed = 0;
  const gap = 1000 / ORDER_RATE;
  const inFlight: Promise<void>[] = [];
  for (let next = performance.now(); !stop(); next += gap) {
    const wait = next - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    inFlight.push(
      (async () => {
        const started = performance.now();
        const res = await request(port, 'POST', '/orders', apiKey, { items: [{ product_id: productId, quantity: 1 }], payment_method: 'cash' });
        if (res.status === 201) latencies.push(performance.now() - started);
        else failed++;
      })(),
    );
  }
  await Promise.all(inFlight);
  return { latencies: latencies.sort((a, b) => a - b), failed };
}

async function until(port: number, apiKey: string, id: string, statuses: string[]): Promise<any> {
  for (;;) {
    const res = await request(port, 'GET', `/imports/${id}`, apiKey);
    if (statuses.includes(res.body?.data?.status)) return res.body.data;
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** POST /imports with the file streamed from disk as multipart/form-data. */
function upload(port: number, apiKey: string, file: string): Promise<Answer> {
  const boundary = `----bench${Date.now()}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="kind"\r\n\r\nproducts\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bench.csv"\r\nContent-Type: text/csv\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const length = head.length + fs.statSync(file).size + tail.length;
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/api/v1/imports',
        headers: { Authorization: `Bearer ${apiKey}`, 'Content-Type': `multipart/form-data; boundary=${boundary}`, 'Content-Length': length },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) }));
      },
    );
    req.on('error', reject);
    req.write(head);
    const source = fs.createReadStream(file);
    source.pipe(req, { end: false });
    source.on('end', () => req.end(tail));
  });
}

const ms = (n: number) => `${n.toFixed(0)} ms`;
const mb = (kb: number) => `${(kb / 1024).toFixed(0)} MB`;

export async function run(log: Log): Promise<void> {
  const file = path.join(os.tmpdir(), `bench-import-${process.pid}.csv`);
  const bytes = await writeFile(file);
  log(
    `file: ${ROWS.toLocaleString('en')} product rows, ${(bytes / 1e6).toFixed(1)} MB; machine: ${os.cpus().length} cores, load average ${os.loadavg()[0].toFixed(2)} (other work shares it)`,
  );
  try {
    await withBenchDatabase('bo_bench_import', async (url) => {
      const [biz] = await provisionBusinesses(url, [{ name: 'Importer' }]);
      const port = await freePort();
      const server = await startServerProcess(url, port);
      try {
        const pid = server.pid!;
        const product = (await request(port, 'POST', '/products', biz.api_key, { name: 'Coffee', price: 2.5, sku: 'ORDER-ME' })).body.data.id as string;
        await request(port, 'POST', '/stock/adjustments', biz.api_key, { product_id: product, quantity: 10_000_000, reason: 'restock' });
        await paceOrders(
          port,
          biz.api_key,
          product,
          (() => {
            const end = Date.now() + 2000;
            return () => Date.now() > end;
          })(),
        ); // warm-up
        const idleEnd = Date.now() + IDLE_SECONDS * 1000;
        const idle = await paceOrders(port, biz.api_key, product, () => Date.now() > idleEnd);

        fs.writeFileSync(`/proc/${pid}/clear_refs`, '5');
        const rssBefore = memoryKb(pid, 'VmRSS');
        let started = performance.now();
        const created = await upload(port, biz.api_key, file);
        const uploadMs = performance.now() - started;
        if (created.status !== 202) throw new Error(`upload answered ${created.status}: ${JSON.stringify(created.body)}`);
        let ready: any = null;
        const [validating] = await Promise.all([
          paceOrders(port, biz.api_key, product, () => ready !== null),
          until(port, biz.api_key, created.body.data.id, ['ready', 'failed']).then((r) => (ready = r)),
        ]);
        const validateMs = performance.now() - started;
        const validatePeak = memoryKb(pid, 'VmHWM');
        log(`upload: ${ms(uploadMs)} (the 202, after the streamed first look at the file)`);
        log(
          `validation: ${ms(validateMs)} from POST to ready (${ready.status}; summary ${JSON.stringify(ready.summary)}); server RSS ${mb(rssBefore)} before, peak ${mb(validatePeak)}`,
        );

        fs.writeFileSync(`/proc/${pid}/clear_refs`, '5');
        const applyRssBefore = memoryKb(pid, 'VmRSS');
        let done: any = null;
        started = performance.now();
        const applied = await request(port, 'POST', `/imports/${created.body.data.id}/apply`, biz.api_key, {});
        if (applied.status !== 202) throw new Error(`apply answered ${applied.status}`);
        const [during] = await Promise.all([
          paceOrders(port, biz.api_key, product, () => done !== null),
          until(port, biz.api_key, created.body.data.id, ['done', 'failed', 'cancelled']).then((d) => (done = d)),
        ]);
        const applyMs = performance.now() - started;
        log(
          `apply: ${ms(applyMs)} from POST to done (${done.status}; summary ${JSON.stringify(done.summary)}); server RSS ${mb(applyRssBefore)} before, peak ${mb(memoryKb(pid, 'VmHWM'))}`,
        );
        const p = (l: number[], q: number) => percentile(l, q).toFixed(1);
        log(
          `POST /orders at ${ORDER_RATE}/s idle: ${idle.latencies.length} orders, p50 ${p(idle.latencies, 50)} ms, p99 ${p(idle.latencies, 99)} ms (${idle.failed} failed)`,
        );
        log(
          `POST /orders at ${ORDER_RATE}/s during the validation: ${validating.latencies.length} orders, p50 ${p(validating.latencies, 50)} ms, p99 ${p(validating.latencies, 99)} ms (${validating.failed} failed)`,
        );
        log(
          `POST /orders at ${ORDER_RATE}/s during the apply: ${during.latencies.length} orders, p50 ${p(during.latencies, 50)} ms, p99 ${p(during.latencies, 99)} ms (${during.failed} failed)`,
        );
        log(
          `p99 during the validation / idle: ${(percentile(validating.latencies, 99) / percentile(idle.latencies, 99)).toFixed(2)}x, during the apply / idle: ${(percentile(during.latencies, 99) / percentile(idle.latencies, 99)).toFixed(2)}x; load average now ${os.loadavg()[0].toFixed(2)}`,
        );
      } finally {
        await stopServerProcess(server);
      }
    });
  } finally {
    fs.rmSync(file, { force: true });
  }
}
