import { ChildProcess } from 'child_process';
import * as fs from 'fs';
import { builtinModules } from 'module';
import * as os from 'os';
import * as path from 'path';
import { adminQuery } from './helpers/admin-query';
import { freePort, ROOT, runCommand, startUntil, waitForExit } from './helpers/processes';

/**
 * Docker is not available here, so the image is checked as far as a plain process can: the build
 * stage's output (`nest build` is tsc over tsconfig.build.json: nest-cli.json has no plugins or
 * assets), needing only the production dependencies the runtime stage installs, started with the
 * Dockerfile's own CMD on an empty database, and answered by the Dockerfile's own HEALTHCHECK.
 */
const DOCKERFILE = fs.readFileSync(path.join(ROOT, 'Dockerfile'), 'utf8');
const CMD = JSON.parse(/^CMD (\[.*\])$/m.exec(DOCKERFILE)![1]) as string[];
const HEALTHCHECK = /^\s+CMD (node -e .*)$/m.exec(DOCKERFILE)![1];
const IMAGE_ENV = Object.fromEntries([.../^ENV (.*)$/m.exec(DOCKERFILE)![1].matchAll(/(\w+)=(\S+)/g)].map((m) => [m[1], m[2]]));

function jsFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return jsFiles(full);
    return e.name.endsWith('.js') ? [full] : [];
  });
}

/** The packages the built code requires by name (not relative paths, not Node's own modules). */
function requiredPackages(dist: string): Set<string> {
  const names = new Set<string>();
  for (const file of jsFiles(dist)) {
    for (const [, spec] of fs.readFileSync(file, 'utf8').matchAll(/require\("([^".][^"]*)"\)/g)) {
      const name = spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0];
      if (!builtinModules.includes(name.replace(/^node:/, ''))) names.add(name);
    }
  }
  return names;
}

describe('the image: its build, its start command and its healthcheck', () => {
  const server = process.env.TEST_SERVER_URL!;
  const database = `${process.env.TEST_TEMPLATE_DB}_image`;
  let app: string;
  let child: ChildProcess | undefined;

  beforeAll(async () => {
    app = fs.mkdtempSync(path.join(os.tmpdir(), 'bo-image-'));
    const build = await runCommand(
      'npx',
      // --noCheck: the same files without the type check, which `npm run typecheck` does in CI
      ['tsc', '-p', 'tsconfig.build.json', '--outDir', path.join(app, 'dist'), '--incremental', 'false', '--noCheck'],
      process.env,
      180000,
    );
    expect({ code: build.code, out: build.stdout + build.stderr }).toEqual({ code: 0, out: '' });
    fs.copyFileSync(path.join(ROOT, 'package.json'), path.join(app, 'package.json'));
    fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(app, 'node_modules'));
    await adminQuery(`CREATE DATABASE "${database}"`);
  }, 200000);

  afterAll(async () => {
    if (child && child.exitCode === null) {
      child.kill('SIGKILL');
      await waitForExit(child);
    }
    await adminQuery(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
    fs.rmSync(app, { recursive: true, force: true });
  });

  it('the built code requires only production dependencies (the runtime stage runs npm ci --omit=dev)', () => {
    const { dependencies } = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
    const missing = [...requiredPackages(path.join(app, 'dist'))].filter((name) => !(name in dependencies));
    expect(missing).toEqual([]);
  });

  it('CMD on an empty database migrates it, serves /api/v1 and passes HEALTHCHECK; SIGTERM exits 0', async () => {
    const port = await freePort();
    const env = { PATH: process.env.PATH, ...IMAGE_ENV, HOST: '127.0.0.1', PORT: String(port), DATABASE_URL: `${server}/${database}` };
    const started = await startUntil(CMD[0], CMD.slice(1), { cwd: app, env }, /listening on/, 90000);
    child = started.child;
    expect(started.output()).toMatch(/applied migrations/);

    const index = await fetch(`http://127.0.0.1:${port}/api/v1`);
    const { version } = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { version: string };
    expect(await index.json()).toMatchObject({ success: true, data: { version, docs: '/docs' } });

    const healthy = await runCommand('sh', ['-c', HEALTHCHECK], env, 15000);
    expect(healthy.code).toBe(0);

    child.kill('SIGTERM');
    expect(await waitForExit(child)).toBe(0);
    const unhealthy = await runCommand('sh', ['-c', HEALTHCHECK], env, 15000);
    expect(unhealthy.code).toBe(1);
  }, 120000);
});
