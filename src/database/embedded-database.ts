import * as fs from 'fs';
import * as path from 'path';
import { Client } from 'pg';
import { DataPlacement, placeBinaries, placeData } from './embedded-postgres-placement';
import { initCluster, PASSWORD, startPostgres } from './embedded-postgres-process';

/**
 * The zero-setup default: a real PostgreSQL server (binaries from the `embedded-postgres` package)
 * started by the service itself, data kept under `dataDir` (or, run as root from a place the
 * postgres user cannot enter, under a directory of the service's own: embedded-postgres-placement.ts).
 */
export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
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

export async function startEmbeddedDatabase(
  dataDir: string,
  port: number,
  database: string,
  log: (message: string) => void = () => undefined,
): Promise<EmbeddedDatabase> {
  const placement = placeData(dataDir);
  const { dataDir: absDir } = placement;
  const url = `postgresql://postgres:${PASSWORD}@127.0.0.1:${port}`;
  const existingPid = runningServerPid(absDir);
  let stop: () => Promise<void> = () => Promise.resolve();
  const owner = existingPid === undefined ? undefined : liveOwner(absDir);
  const where = (notes: (string | undefined)[]) => `data in ${absDir}${notes.some(Boolean) ? ` (${notes.filter(Boolean).join('; ')})` : ''}`;
  if (existingPid === undefined) {
    const started = await startServer(placement, port);
    claimOwnership(absDir);
    stop = () => started.stop().finally(() => releaseOwnership(absDir));
    log(`embedded PostgreSQL started on 127.0.0.1:${port}, ${where([placement.note, started.note])}`);
  } else if (owner !== undefined) {
    log(`reusing embedded PostgreSQL (pid ${existingPid}) on port ${port}, started by running process ${owner}, ${where([placement.note])}`);
  } else {
    // its starter was killed: this process takes it over, so it does not run on unowned forever
    claimOwnership(absDir);
    stop = () => stopAdopted(absDir, existingPid).finally(() => releaseOwnership(absDir));
    log(
      `adopted embedded PostgreSQL (pid ${existingPid}) on port ${port}, left running by a killed process; it stops when this process does; ${where([placement.note])}`,
    );
  }
  await ensureDatabase(url, database);
  return { url: `${url}/${database}`, stop };
}

/** Initialises the data directory when empty and starts a server on it. */
async function startServer({ dataDir, runAs }: DataPlacement, port: number): Promise<{ stop(): Promise<void>; note?: string }> {
  const { binDir, note } = placeBinaries(runAs);
  const fail = (step: string) => (err: Error) => {
    throw new Error(`Embedded PostgreSQL ${step} failed: ${err.message}`);
  };
  if (!fs.existsSync(path.join(dataDir, 'PG_VERSION'))) await initCluster(binDir, dataDir, runAs).catch(fail('initdb'));
  const server = await startPostgres(binDir, dataDir, port, runAs).catch(fail(`start on port ${port}`));
  return { stop: () => server.stop(), note };
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
