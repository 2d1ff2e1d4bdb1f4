import { ChildProcess, spawn } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { removeData } from '../../src/database/embedded-postgres-placement';
import { freePort, ROOT, TS_NODE, waitForExit } from './processes';

/**
 * A PostgreSQL server of the test's own (embedded binaries, its own port and temp data directory),
 * so a fault test can stop and start it without touching the machine's server or other tests.
 * Driven through test/helpers/fault-db-server.ts in a child process.
 */
export class FaultDatabase {
  url = '';
  private readonly pending: ((line: string) => void)[] = [];

  private constructor(
    private readonly dir: string,
    private readonly child: ChildProcess,
  ) {
    let buffer = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      let nl: number;
      while ((nl = buffer.indexOf('\n')) !== -1) {
        const line = buffer.slice(0, nl);
        buffer = buffer.slice(nl + 1);
        this.pending.shift()?.(line);
      }
    });
  }

  static async create(database: string): Promise<FaultDatabase> {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bo-faults-'));
    const child = spawn(
      TS_NODE[0],
      [TS_NODE[1], path.join(ROOT, 'test', 'helpers', 'fault-db-server.ts'), path.join(dir, 'pg'), String(await freePort()), database],
      { cwd: ROOT, stdio: ['pipe', 'pipe', 'inherit'] },
    );
    const db = new FaultDatabase(dir, child);
    try {
      await db.start();
    } catch (err) {
      await db.destroy();
      throw err;
    }
    return db;
  }

  private command(command: string, timeoutMs = 60_000): Promise<string> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`fault database: no answer to ${command}`)), timeoutMs);
      this.pending.push((line) => {
        clearTimeout(timer);
        if (line.startsWith('error')) reject(new Error(`fault database: ${line}`));
        else resolve(line);
      });
      this.child.stdin!.write(`${command}\n`);
    });
  }

  async start(): Promise<void> {
    const line = await this.command('start');
    this.url = line.replace(/^started /, '');
  }

  /** Fast shutdown (SIGINT to the postmaster): sessions are terminated, new connections refused. */
  async stop(): Promise<void> {
    await this.command('stop');
  }

  async destroy(): Promise<void> {
    this.child.stdin!.end();
    await waitForExit(this.child, 30_000).catch(() => this.child.kill('SIGKILL'));
    removeData(path.join(this.dir, 'pg'));
    fs.rmSync(this.dir, { recursive: true, force: true });
  }
}
