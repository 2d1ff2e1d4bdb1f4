/*
 * Sign-in benchmark (`npm run bench -- sign-in`): a real server process on a fresh database, 100
 * users each with an active membership. One client with an API key sends GET /products one after
 * another; reported: its p50 and p99 idle, then while 100 connections (one per user, each from its
 * own loopback address, 127.0.1.n: the throttle counts attempts in flight per email and per address)
 * sign in over and over: sign-ins per second, and the GET's p50 and p99 meanwhile. Argon2id
 * (19 MiB, 2 iterations) runs on libuv's thread pool, so sign-ins are bounded by it, not the event
 * loop. Not a test: figures go to BENCHMARKS.md.
 */
import * as http from 'http';
import { freePort } from '../test/helpers/processes';
import { hashPassword } from '../src/modules/staff/passwords';
import { Log, percentile, provisionBusinesses, send, SERVER_DIR, startServerProcess, stopServerProcess, withBenchDatabase, withClient } from './bench-support';

const SECONDS = Number(process.env.BENCH_SIGN_IN_SECONDS || 10);
const SIGNERS = 100;
const email = (n: number) => `bench-${n}@example.com`;
const PASSWORD = 'violet-harbour-lantern-42';

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

async function signIns(port: number, until: number): Promise<Map<number, number>> {
  const statuses = new Map<number, number>();
  const loop = async (n: number) => {
    const body = Buffer.from(JSON.stringify({ email: email(n), password: PASSWORD }));
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const headers = { 'Content-Type': 'application/json', 'Content-Length': body.length };
    while (Date.now() < until) {
      const status = await send(port, { method: 'POST', path: '/api/v1/auth/sign-in', agent, headers, localAddress: `127.0.1.${n + 1}` }, body);
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
    }
    agent.destroy();
  };
  await Promise.all(Array.from({ length: SIGNERS }, (_, n) => loop(n)));
  return statuses;
}

const describe = (latencies: number[]) =>
  `p50 ${percentile(latencies, 50).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms (${latencies.length} requests)`;

export async function run(log: Log): Promise<void> {
  await withBenchDatabase('bo_bench_sign_in', async (url) => {
    const [biz] = await provisionBusinesses(url, [{ name: 'Signed-in Shop' }]);
    const hash = await hashPassword(PASSWORD);
    await withClient(url, async (client) => {
      for (let n = 0; n < SIGNERS; n++) {
        const { rows } = await client.query<{ id: string }>(`INSERT INTO users (email, name, password_hash) VALUES ($1, $2, $3) RETURNING id`, [
          email(n),
          `Bench ${n}`,
          hash,
        ]);
        await client.query(`INSERT INTO business_members (business_id, user_id, built_in_role, status) VALUES ($1, $2, 'cashier', 'active')`, [
          biz.business_id,
          rows[0].id,
        ]);
      }
    });
    log(`server: ${SERVER_DIR}; ${SIGNERS} connections signing in; ${SECONDS} s per phase`);
    const port = await freePort();
    const server = await startServerProcess(url, port);
    try {
      await victim(port, biz.api_key, Date.now() + 2000); // warm-up
      const idle = await victim(port, biz.api_key, Date.now() + SECONDS * 1000);
      const until = Date.now() + SECONDS * 1000;
      const [during, statuses] = await Promise.all([victim(port, biz.api_key, until), signIns(port, until)]);
      const signedIn = statuses.get(200) ?? 0;
      log(`idle GET /products ${describe(idle)}`);
      log(`during sign-ins GET /products ${describe(during)}; p99 ${(percentile(during, 99) / percentile(idle, 99)).toFixed(1)}x idle`);
      log(`sign-ins: ${(signedIn / SECONDS).toFixed(1)}/s; answers ${JSON.stringify(Object.fromEntries(statuses))}`);
    } finally {
      await stopServerProcess(server);
    }
  });
}
