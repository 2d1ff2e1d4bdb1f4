import { ChildProcess, spawn } from 'child_process';
import { createServer } from 'net';
import { productionServer, SERVER_DIR } from './bench-support';
import { BenchBusiness, LoadFigures, randomOrder } from './orders-workload';

/** The part of autocannon's interface used here (the package ships no types). */
interface AutocannonRequest {
  method?: string;
  path?: string;
  headers?: Record<string, string>;
  body?: string;
  setupRequest?: (req: AutocannonRequest) => AutocannonRequest;
}
interface AutocannonResult {
  '2xx': number;
  non2xx: number;
  errors: number;
  timeouts: number;
  duration: number;
  latency: { p50: number; p99: number };
}
// eslint-disable-next-line @typescript-eslint/no-require-imports
const autocannon = require('autocannon') as (options: {
  url: string;
  connections: number;
  duration: number;
  overallRate?: number;
  headers?: Record<string, string>;
  requests?: AutocannonRequest[];
}) => Promise<AutocannonResult>;

export interface ApiProcess {
  base: string;
  /** the server's own process id (for memory sampling) */
  pid: number;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const port = (server.address() as { port: number }).port;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/** Extra node flags for the API processes, e.g. BENCH_API_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" to profile the server. */
const API_NODE_ARGS = (process.env.BENCH_API_NODE_ARGS ?? '').split(' ').filter(Boolean);

/** The real server (the production build of SERVER_DIR) in its own process, on a free port, against the given database. */
export async function startApi(databaseUrl: string, env: Record<string, string> = {}, serverDir = SERVER_DIR): Promise<ApiProcess> {
  const port = await freePort();
  const server = productionServer(serverDir, API_NODE_ARGS);
  const child: ChildProcess = spawn(server.command, server.args, {
    cwd: serverDir,
    env: { ...process.env, DATABASE_URL: databaseUrl, PORT: String(port), HOST: '127.0.0.1', RATE_LIMIT_PER_MINUTE: '0', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (chunk) => (stderr = (stderr + chunk).slice(-4000)));
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`API exited with ${child.exitCode}: ${stderr}`);
    try {
      const res = await fetch(`${base}/health/ready`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`API did not become ready: ${stderr}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    base,
    pid: child.pid!,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        child.once('exit', () => {
          clearTimeout(timer);
          resolve();
        });
        child.kill('SIGTERM');
      }),
  };
}

function figures(result: AutocannonResult): LoadFigures {
  return {
    orders: result['2xx'],
    errors: result.non2xx + result.errors + result.timeouts,
    seconds: result.duration,
    perSecond: result['2xx'] / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
  };
}

/** POST /orders (or its quote, `path`) of a random order, of a business picked at random per request; `shape` may change the body. */
function orderRequest(businesses: BenchBusiness[], path = '/api/v1/orders', shape: (order: object) => object = (order) => order): AutocannonRequest {
  return {
    method: 'POST',
    path,
    setupRequest: (req) => {
      const business = businesses[Math.floor(Math.random() * businesses.length)];
      return {
        ...req,
        headers: { 'content-type': 'application/json', authorization: `Bearer ${business.apiKey}` },
        body: JSON.stringify(shape(randomOrder(business))),
      };
    },
  };
}

/** POST /orders from `connections` keep-alive connections for `seconds`, businesses picked at random per request. */
export async function driveOrders(base: string, businesses: BenchBusiness[], connections: number, seconds: number): Promise<LoadFigures> {
  return figures(await autocannon({ url: base, connections, duration: seconds, requests: [orderRequest(businesses)] }));
}

/** POST /orders as driveOrders, each body changed by `shape` first (an order without its tax_amount: taxes.bench.ts). */
export async function driveShapedOrders(
  base: string,
  businesses: BenchBusiness[],
  connections: number,
  seconds: number,
  shape: (order: object) => object,
): Promise<LoadFigures> {
  return figures(await autocannon({ url: base, connections, duration: seconds, requests: [orderRequest(businesses, '/api/v1/orders', shape)] }));
}

/** POST /orders/quote of the orders driveOrders places, from `connections` keep-alive connections for `seconds`. */
export async function driveQuotes(base: string, businesses: BenchBusiness[], connections: number, seconds: number): Promise<LoadFigures> {
  return figures(await autocannon({ url: base, connections, duration: seconds, requests: [orderRequest(businesses, '/api/v1/orders/quote')] }));
}

/**
 * POST /orders of one business, or GET `pathAndQuery`, at `rate` requests a second over 16 connections
 * (paced, not as fast as the server answers): for comparing the CPU per request of two servers.
 */
export async function drivePaced(base: string, business: BenchBusiness, rate: number, seconds: number, pathAndQuery?: string): Promise<LoadFigures> {
  const request: AutocannonRequest = pathAndQuery
    ? { method: 'GET', path: pathAndQuery, headers: { authorization: `Bearer ${business.apiKey}` } }
    : orderRequest([business]);
  return figures(await autocannon({ url: base, connections: 16, duration: seconds, overallRate: rate, requests: [request] }));
}

/** GET one path (a list page) from `connections` connections for `seconds`. */
export async function driveGet(base: string, pathAndQuery: string, apiKey: string, connections: number, seconds: number): Promise<LoadFigures> {
  const result = await autocannon({
    url: `${base}${pathAndQuery}`,
    connections,
    duration: seconds,
    headers: { authorization: `Bearer ${apiKey}` },
  });
  return figures(result);
}

/** The API's default configuration, with a receiver on 127.0.0.1 allowed (webhook URLs are otherwise refused there). */
export const DEFAULT_CONFIGURATION = { WEBHOOK_ALLOW_INSECURE: 'true' };

/** One webhook per business on `sale.completed`, delivered to `receiverUrl`/sales. */
export async function subscribeSales(server: ApiProcess, businesses: BenchBusiness[], receiverUrl: string): Promise<void> {
  for (const b of businesses) {
    const res = await fetch(`${server.base}/api/v1/webhooks`, {
      method: 'POST',
      headers: { authorization: `Bearer ${b.apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ url: `${receiverUrl}/sales`, events: ['sale.completed'] }),
    });
    if (res.status !== 201) throw new Error(`webhook registration answered ${res.status}`);
  }
}
