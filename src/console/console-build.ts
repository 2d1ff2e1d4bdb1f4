import { spawn } from 'child_process';
import { createHash } from 'crypto';
import * as fs from 'fs';
import * as path from 'path';
import { gzipSync } from 'zlib';

/**
 * The console (docs/api.md 16) is built by Vite from `console/` into `console/dist/` (git-ignored)
 * on start, and only when its sources changed: a hash of the sources (and of package-lock.json, for
 * the libraries) is kept beside the build as `.source-hash`; a start with the same hash reuses the
 * build. main.ts and the tests' globalSetup call ensureConsoleBuilt. An image built without the
 * sources (only `console/dist/`) serves what it has.
 */
export const CONSOLE_DIR = findConsoleDir();
export const CONSOLE_DIST = path.join(CONSOLE_DIR, 'dist');
const HASH_FILE = '.source-hash';

/** `console/` beside the nearest package.json above this file (src/console under ts-node, dist/src/console built). */
function findConsoleDir(): string {
  for (let dir = __dirname; ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'package.json')) && fs.existsSync(path.join(dir, 'console'))) return path.join(dir, 'console');
    if (path.dirname(dir) === dir) return path.resolve(__dirname, '..', '..', 'console');
  }
}

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'dist' || entry.name.startsWith('dist.') || entry.name === 'node_modules') continue;
    // Vitest's files are no part of the build
    if (/\.test\.tsx?$/.test(entry.name)) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...sourceFiles(full));
    else out.push(full);
  }
  return out.sort();
}

/** The hash of what the build is made of: every file under console/ but its output and tests, and the lockfile. */
export function consoleSourceHash(consoleDir = CONSOLE_DIR): string {
  const hash = createHash('sha256');
  const files = [...sourceFiles(consoleDir), path.join(consoleDir, '..', 'package-lock.json')].filter((f) => fs.existsSync(f));
  for (const file of files) {
    hash.update(path.relative(consoleDir, file)).update('\0').update(fs.readFileSync(file)).update('\0');
  }
  return hash.digest('hex');
}

function hasSources(consoleDir: string): boolean {
  return fs.existsSync(path.join(consoleDir, 'index.html')) && fs.existsSync(path.join(consoleDir, 'vite.config.mts'));
}

function runVite(consoleDir: string, outDir: string): Promise<void> {
  const vite = path.join(path.dirname(require.resolve('vite/package.json')), 'bin', 'vite.js');
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [vite, 'build', '--config', path.join(consoleDir, 'vite.config.mts'), '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'],
      {
        cwd: consoleDir,
        // React's production build whoever builds (jest sets NODE_ENV=test, which would give its development build)
        env: { ...process.env, NODE_ENV: 'production' },
        stdio: ['ignore', 'inherit', 'pipe'],
      },
    );
    let stderr = '';
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`console build failed (vite exited ${code}):\n${stderr}`))));
  });
}

/**
 * Builds the console when its sources changed since the last build; returns whether it built.
 * The build goes to a directory of its own and is renamed into place, so a process serving the old
 * build never sees half a new one.
 */
export async function ensureConsoleBuilt(consoleDir = CONSOLE_DIR, log: (msg: string) => void = () => undefined): Promise<boolean> {
  if (!hasSources(consoleDir)) return false;
  const dist = path.join(consoleDir, 'dist');
  const hash = consoleSourceHash(consoleDir);
  const hashFile = path.join(dist, HASH_FILE);
  if (fs.existsSync(hashFile) && fs.readFileSync(hashFile, 'utf8').trim() === hash) return false;
  const started = Date.now();
  const tmp = path.join(consoleDir, `dist.${process.pid}.${Date.now()}`);
  try {
    await runVite(consoleDir, tmp);
    fs.writeFileSync(path.join(tmp, HASH_FILE), `${hash}\n`);
    fs.rmSync(dist, { recursive: true, force: true });
    fs.renameSync(tmp, dist);
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
  log(`built the console in ${Date.now() - started} ms`);
  return true;
}

export interface JsSize {
  file: string;
  bytes: number;
  gzip: number;
}

/** The JavaScript index.html loads before anything runs (entry and module preloads), and every lazy chunk, gzip -6. */
export function consoleJavaScript(dist = CONSOLE_DIST): { initial: JsSize[]; lazy: JsSize[] } {
  const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  const initialFiles = new Set([...html.matchAll(/(?:src|href)="\/console\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]));
  const all = fs.readdirSync(path.join(dist, 'assets')).filter((f) => f.endsWith('.js'));
  const size = (file: string): JsSize => {
    const bytes = fs.readFileSync(path.join(dist, file));
    return { file, bytes: bytes.length, gzip: gzipSync(bytes).length };
  };
  return {
    initial: all.filter((f) => initialFiles.has(`assets/${f}`)).map((f) => size(`assets/${f}`)),
    lazy: all.filter((f) => !initialFiles.has(`assets/${f}`)).map((f) => size(`assets/${f}`)),
  };
}
