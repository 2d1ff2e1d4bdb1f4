/* What every benchmark section shares: its throwaway database (one per run, on BENCH_PG_SERVER, migrated, always dropped), the log and percentiles. */
import { citusWorkersOf, createCitusDatabase, dropWorkerDatabases } from '../test/helpers/citus-cluster';
import { ChildProcess, execFileSync, spawn } from 'child_process';
import * as http from 'http';
import * as path from 'path';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { migrate } from '../src/bootstrap';
import { dataSourceOptions } from '../src/database/data-source-options';
import { NewBusiness, provisionBusiness, ProvisionedBusiness } from '../src/modules/businesses/business-provisioning';

export const BENCH_PG_SERVER = process.env.BENCH_PG_SERVER || 'postgresql://postgres@127.0.0.1:5432';

export type Log = (line: string) => void;

/** One connection to `url` for the length of `fn`. */
export async function withClient<T>(url: string, fn: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** Events not yet fanned out plus deliveries not yet made: 0 once the webhooks have caught up with the load. */
export async function undeliveredWebhookWork(client: Client): Promise<number> {
  const { rows } = await client.query<{ open: number }>(
    `SELECT (SELECT count(*) FROM outbox_events WHERE dispatched_at IS NULL)::int
          + (SELECT count(*) FROM webhook_deliveries WHERE status IN ('pending', 'delivering'))::int AS open`,
  );
  return rows[0].open;
}

/** Businesses provisioned as the CLI does (each in its own transaction), on a DataSource of the app's entities. */
export async function provisionBusinesses(url: string, businesses: NewBusiness[]): Promise<ProvisionedBusiness[]> {
  const dataSource = await new DataSource(dataSourceOptions(url, 1)).initialize();
  try {
    const provisioned: ProvisionedBusiness[] = [];
    for (const business of businesses) provisioned.push(await dataSource.transaction((m) => provisionBusiness(m, business)));
    return provisioned;
  } finally {
    await dataSource.destroy();
  }
}

/**
 * A fresh database named `<prefix>_<time>`, migrated (by this checkout, or `migrateWith`), handed to `work` and dropped afterwards, whatever happens.
 * BENCH_CITUS=1: BENCH_PG_SERVER is the coordinator of a Citus cluster whose database `bo_citus` (made by
 * scripts/citus-cluster.sh, or CITUS=1 npm test) names the workers; the database is made on every node.
 */
export async function withBenchDatabase<T>(
  prefix: string,
  work: (url: string) => Promise<T>,
  migrateWith: (url: string) => Promise<unknown> = migrate,
): Promise<T> {
  const name = `${prefix}_${Date.now().toString(36)}`;
  const admin = (sql: string) => withClient(`${BENCH_PG_SERVER}/postgres`, (c) => c.query(sql));
  const workers = process.env.BENCH_CITUS === '1' ? await citusWorkersOf(`${BENCH_PG_SERVER}/bo_citus`) : null;
  if (workers) await createCitusDatabase(BENCH_PG_SERVER, workers, name);
  else await admin(`CREATE DATABASE "${name}"`);
  try {
    const url = `${BENCH_PG_SERVER}/${name}`;
    await migrateWith(url);
    return await work(url);
  } finally {
    await admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    if (workers) await dropWorkerDatabases(workers, name);
  }
}

/** p-th percentile (0..100) of sorted latencies, nearest rank. */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

/** The checkout whose server a process benchmark starts (BENCH_SERVER_DIR, default this one): an older checkout is measured the same way. */
export const SERVER_DIR = process.env.BENCH_SERVER_DIR || path.resolve(__dirname, '..');

/** One HTTP request to 127.0.0.1:`port`; its status (0 when the connection failed), the body drained. */
export function send(port: number, options: http.RequestOptions, body?: Buffer): Promise<number> {
  return new Promise((resolve) => {
    const req = http.request({ host: '127.0.0.1', port, ...options }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', () => resolve(0));
    req.end(body);
  });
}

/**
 * How production starts the server (`npm run start:prod`): `node dist/src/main.js` of `serverDir`,
 * built once per bench run. Not under ts-node, which loads Node's repl and with it the domain
 * module, and that puts a domain check into every EventEmitter of the process.
 */
const built = new Set<string>();
export function productionServer(serverDir = SERVER_DIR, nodeArgs: string[] = []): { command: string; args: string[] } {
  if (!built.has(serverDir)) {
    execFileSync(path.join(serverDir, 'node_modules', '.bin', 'nest'), ['build'], { cwd: serverDir, stdio: 'ignore' });
    built.add(serverDir);
  }
  return { command: process.execPath, args: [...nodeArgs, 'dist/src/main.js'] };
}

/** The production build of SERVER_DIR on `url`, as a process of its own, once /health/ready answers 200. */
export async function startServerProcess(url: string, port: number, env: NodeJS.ProcessEnv = {}): Promise<ChildProcess> {
  const childEnv = { ...process.env, DATABASE_URL: url, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', RATE_LIMIT_PER_MINUTE: '0', ...env };
  const server = productionServer();
  const child = spawn(server.command, server.args, {
    cwd: SERVER_DIR,
    env: childEnv,
    stdio: 'ignore',
  });
  for (let waited = 0; waited < 90_000; waited += 200) {
    if (child.exitCode !== null) throw new Error(`server exited ${child.exitCode}`);
    if ((await send(port, { path: '/health/ready' })) === 200) return child;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  child.kill('SIGKILL');
  throw new Error('server not ready in 90 s');
}

export async function stopServerProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
  await exited;
  clearTimeout(timer);
}
