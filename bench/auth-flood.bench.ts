/*
 * Unauthenticated flood benchmark (`npm run bench -- auth-flood`): a real server process (`ts-node
 * src/main.ts` of BENCH_SERVER_DIR, default this checkout, so an older checkout can be measured the
 * same way) on a fresh database. One authenticated client on 127.0.0.1 sends GET /products one after
 * another; reported: its p50 and p99 idle, then while 48 connections from 127.0.0.2 post 900 KB JSON
 * bodies to POST /orders without a key or with an unknown one, first with the per-address limit of
 * refused keys off (AUTH_FAILURES_PER_MINUTE=0: every flood request is looked up and refused), then
 * at its default. Not a test: figures go to BENCHMARKS.md.
 */
import * as http from 'http';
import { freePort } from '../test/helpers/processes';
import { Log, percentile, provisionBusinesses, send, SERVER_DIR, startServerProcess, stopServerProcess, withBenchDatabase } from './bench-support';

const SECONDS = Number(process.env.BENCH_FLOOD_SECONDS || 10);
const FLOODERS = 48;
const BODY = Buffer.from(JSON.stringify({ items: [{ product_id: '00000000-0000-4000-8000-000000000000', quantity: 1 }], notes: 'x'.repeat(900_000) }));

async function victim(port: number, apiKey: string, until: number): Promise<number[]> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const latencies: number[] = [];
  while (Date.now() < until) {
    const started = performance.now();
    const status = await send(port, { path: '/api/v1/products', agent, headers: { Authorization: `Bearer ${apiKey}` } });
    if (status !== 200) throw new Error(`GET /products answered ${status}`);
    latencies.push(performance.now() - started);
  }
  agent.destroy();
  return latencies.sort((a, b) => a - b);
}

async function flood(port: number, until: number): Promise<Map<number, number>> {
  const statuses = new Map<number, number>();
  const loop = async (n: number) => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const headers: http.OutgoingHttpHeaders = { 'Content-Type': 'application/json', 'Content-Length': BODY.length };
    if (n % 2 === 1) headers.Authorization = 'Bearer bo_flood-key-that-was-never-issued-000000';
    while (Date.now() < until) {
      const status = await send(port, { method: 'POST', path: '/api/v1/orders', agent, headers, localAddress: '127.0.0.2' }, BODY);
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
    }
    agent.destroy();
  };
  await Promise.all(Array.from({ length: FLOODERS }, (_, n) => loop(n)));
  return statuses;
}

const describe = (latencies: number[]) =>
  `p50 ${percentile(latencies, 50).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms (${latencies.length} requests)`;

export async function run(log: Log): Promise<void> {
  await withBenchDatabase('bo_bench_flood', async (url) => {
    const [biz] = await provisionBusinesses(url, [{ name: 'Flooded Shop' }]);
    log(`server: ${SERVER_DIR}; ${FLOODERS} flood connections of ${(BODY.length / 1000).toFixed(0)} KB bodies; ${SECONDS} s per phase`);
    for (const limit of ['0', '60']) {
      const port = await freePort();
      const server = await startServerProcess(url, port, { AUTH_FAILURES_PER_MINUTE: limit });
      try {
        await victim(port, biz.api_key, Date.now() + 2000); // warm-up
        const idle = await victim(port, biz.api_key, Date.now() + SECONDS * 1000);
        const until = Date.now() + SECONDS * 1000;
        const [flooded, statuses] = await Promise.all([victim(port, biz.api_key, until), flood(port, until)]);
        log(`AUTH_FAILURES_PER_MINUTE=${limit}: idle GET /products ${describe(idle)}`);
        log(
          `AUTH_FAILURES_PER_MINUTE=${limit}: flooded GET /products ${describe(flooded)}; p50 ${(percentile(flooded, 50) / percentile(idle, 50)).toFixed(1)}x idle`,
        );
        log(`AUTH_FAILURES_PER_MINUTE=${limit}: flood answers ${JSON.stringify(Object.fromEntries(statuses))} (0 = connection closed before an answer)`);
      } finally {
        await stopServerProcess(server);
      }
    }
  });
}
