import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { ChildProcess } from 'child_process';
import { removeData } from '../src/database/embedded-postgres-placement';
import { freePort, ROOT, runCli, startUntil, waitForExit } from './helpers/processes';

// `npm start`'s own command, run without npm in between so SIGTERM reaches the server itself
// (npm relays signals but reports its own exit, not the server's).
const START = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')).scripts.start as string;
const startServer = (env: NodeJS.ProcessEnv, ready: RegExp) =>
  startUntil('sh', ['-c', `exec ${START}`], { env: { ...env, PATH: `${ROOT}/node_modules/.bin:${env.PATH}` } }, ready, 90000);

/**
 * The zero-setup default: `npm start` with no DATABASE_URL runs on a PostgreSQL it starts itself,
 * creates a demo business on first start and logs its key; the CLI works beside it and without it.
 */
describe('npm start on the embedded database', () => {
  let dataDir: string;
  let env: NodeJS.ProcessEnv;
  let server: ChildProcess | undefined;
  let port: number;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bo-embedded-'));
    port = await freePort();
    env = {
      ...process.env,
      DATABASE_URL: '',
      EMBEDDED_PG_DIR: path.join(dataDir, 'pg'),
      EMBEDDED_PG_PORT: String(await freePort()),
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
    };
  });

  afterAll(async () => {
    if (server && server.exitCode === null) {
      server.kill('SIGTERM');
      await waitForExit(server).catch(() => server?.kill('SIGKILL'));
    }
    removeData(path.join(dataDir, 'pg'));
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('serves /health/ready, and the logged demo key authenticates; SIGTERM stops server and database', async () => {
    const started = await startServer(env, /"api_key":"(bo_[A-Za-z0-9_-]+)"[\s\S]*listening on/);
    server = started.child;
    const apiKey = started.match[1];
    // where the data lives: the directory asked for, or (run as root, when the postgres user cannot reach it) the one logged
    const pidFile = path.join(loggedDataDir(started.output()), 'postmaster.pid');
    // the first start's log: one JSON record per line, the demo key among the first ten
    const lines = started.output().trim().split('\n');
    for (const line of lines) expect(() => JSON.parse(line) as unknown).not.toThrow();
    const demoLine = lines.findIndex((line) => line.includes('created demo business'));
    expect(demoLine).toBeGreaterThanOrEqual(0);
    expect(demoLine).toBeLessThan(10);
    expect(JSON.parse(lines[demoLine])).toMatchObject({ level: 'info', api_key: apiKey, more_keys: expect.stringContaining('apikey:create') });
    const base = `http://127.0.0.1:${port}`;

    const ready = await fetch(`${base}/health/ready`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ok', database: 'up' });

    const me = await fetch(`${base}/api/v1/business`, { headers: { Authorization: `Bearer ${apiKey}` } });
    expect(me.status).toBe(200);
    expect(((await me.json()) as { data: { name: string } }).data.name).toBe('Demo Shop');
    const products = await fetch(`${base}/api/v1/products`, { headers: { Authorization: `Bearer ${apiKey}` } });
    expect(products.status).toBe(200);
    expect(await products.json()).toEqual({ success: true, data: [], meta: { page: 1, per_page: 20, total: 0, total_pages: 0 } });

    // the CLI reuses the running embedded server
    const created = await runCli(['business:create', '--name', 'Beside'], env);
    expect(created.code).toBe(0);
    const beside = JSON.parse(created.stdout.trim());
    const ok = await fetch(`${base}/api/v1/business`, { headers: { Authorization: `Bearer ${beside.api_key}` } });
    expect(ok.status).toBe(200);

    server.kill('SIGTERM');
    expect(await waitForExit(server)).toBe(0);
    expect(fs.existsSync(pidFile)).toBe(false);

    // with the server stopped, the CLI starts the embedded database itself and stops it again
    const offline = await runCli(['business:create', '--name', 'Offline'], env);
    expect(offline.code).toBe(0);
    expect(JSON.parse(offline.stdout.trim()).name).toBe('Offline');
    expect(fs.existsSync(pidFile)).toBe(false);

    // a second start reuses the data: no new demo business, the earlier key still works
    const again = await startServer(env, /listening on/);
    server = again.child;
    expect(again.output()).not.toContain('created demo business');
    const still = await fetch(`${base}/api/v1/business`, { headers: { Authorization: `Bearer ${apiKey}` } });
    expect(still.status).toBe(200);

    // a server killed outright leaves its database running; the next start adopts it and stops it
    server.kill('SIGKILL');
    await waitForExit(server);
    expect(fs.existsSync(pidFile)).toBe(true);
    const adopting = await startServer(env, /listening on/);
    server = adopting.child;
    expect(adopting.output()).toContain('adopted embedded PostgreSQL');
    expect((await fetch(`${base}/api/v1/business`, { headers: { Authorization: `Bearer ${apiKey}` } })).status).toBe(200);
    server.kill('SIGTERM');
    expect(await waitForExit(server)).toBe(0);
    expect(fs.existsSync(pidFile)).toBe(false);
  }, 240000);

  const asRoot = process.getuid?.() === 0;
  // Run as root the server runs as `postgres`, which cannot enter a checkout under a 0700 directory
  // (root's home, a `mktemp -d`): it must still start, and leave every directory's mode as it was.
  (asRoot ? it : it.skip)(
    'as root, starts under a 0700 directory, changing no mode',
    async () => {
      const closed = fs.mkdtempSync(path.join(os.tmpdir(), 'bo-closed-'));
      const requested = path.join(closed, 'checkout', '.data', 'pg');
      fs.mkdirSync(path.dirname(requested), { recursive: true });
      const modes = () => ancestors(requested).map((dir) => `${dir} ${fs.existsSync(dir) ? (fs.statSync(dir).mode & 0o7777).toString(8) : '-'}`);
      const before = modes();
      try {
        const closedEnv = { ...env, EMBEDDED_PG_DIR: requested, EMBEDDED_PG_PORT: String(await freePort()) };
        const started = await startServer(closedEnv, /listening on/);
        server = started.child;
        const dataDir = loggedDataDir(started.output());
        expect(dataDir.startsWith(`${closed}/`)).toBe(false);
        expect((await fetch(`http://127.0.0.1:${port}/health/ready`)).status).toBe(200);
        server.kill('SIGTERM');
        expect(await waitForExit(server)).toBe(0);
        expect(fs.existsSync(path.join(dataDir, 'postmaster.pid'))).toBe(false);
        expect(modes()).toEqual(before);
      } finally {
        removeData(requested);
        fs.rmSync(closed, { recursive: true, force: true });
      }
    },
    120000,
  );
});

function loggedDataDir(output: string): string {
  const dir = output.match(/embedded PostgreSQL started on 127\.0\.0\.1:\d+, data in ([^\s"]+)/)?.[1];
  if (dir === undefined) throw new Error(`no "embedded PostgreSQL started" line in:\n${output}`);
  return dir;
}

/** A path and each directory above it. */
function ancestors(p: string): string[] {
  const all = [path.resolve(p)];
  while (path.dirname(all[all.length - 1]) !== all[all.length - 1]) all.push(path.dirname(all[all.length - 1]));
  return all;
}
