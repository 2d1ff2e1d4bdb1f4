import { ChildProcess, spawn, SpawnOptions } from 'child_process';
import * as fs from 'fs';
import * as net from 'net';
import * as path from 'path';

export const ROOT = path.resolve(__dirname, '..', '..');

/** ts-node as package.json's scripts run it (SWC transpiles, no type check): `[command, ...args]` before the script. */
export const TS_NODE = [path.join(ROOT, 'node_modules', '.bin', 'ts-node'), '--swc'] as const;

export interface CommandResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs a command to completion and collects its output. */
export function runCommand(cmd: string, args: string[], env: NodeJS.ProcessEnv, timeoutMs = 60000): Promise<CommandResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c) => (stdout += c));
    child.stderr.on('data', (c) => (stderr += c));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${cmd} ${args.join(' ')} timed out\n${stdout}\n${stderr}`));
    }, timeoutMs);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

/** `npm run --silent cli -- <args>` exactly as the README documents it. */
export function runCli(args: string[], env: NodeJS.ProcessEnv): Promise<CommandResult> {
  return runCommand('npm', ['run', '--silent', 'cli', '--', ...args], env);
}

/**
 * A port free now, for a server about to start: below the kernel's ephemeral range when there is
 * room. A port of that range handed out to listen(0) and closed again can be handed out once more, to
 * the listen(0) of a test running beside, before the server it was for binds it (an embedded
 * PostgreSQL's start takes seconds, a fault test stops its server and starts it again on the same
 * port); the kernel hands out nothing below the range.
 */
export async function freePort(): Promise<number> {
  const low = ephemeralRangeLow();
  for (let attempt = 0; low > 12_000 && attempt < 50; attempt++) {
    const port = low - 2_000 + Math.floor(Math.random() * 1_990);
    if (await canListen(port)) return port;
  }
  return listenOnce(0);
}

function ephemeralRangeLow(): number {
  try {
    return Number(fs.readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]) || 32768;
  } catch {
    return 32768; // not Linux: the usual low end
  }
}

function canListen(port: number): Promise<boolean> {
  return listenOnce(port).then(
    () => true,
    () => false,
  );
}

/** Listens on `port` of 127.0.0.1 and closes again: the port. */
function listenOnce(port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(port, '127.0.0.1', () => {
      const { port: bound } = server.address() as net.AddressInfo;
      server.close(() => resolve(bound));
    });
    server.on('error', reject);
  });
}

/** Starts a long-running process and resolves once a line of its output matches. */
export function startUntil(
  cmd: string,
  args: string[],
  options: SpawnOptions,
  ready: RegExp,
  timeoutMs = 60000,
): Promise<{ child: ChildProcess; output: () => string; match: RegExpMatchArray }> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'], ...options });
    let output = '';
    const timer = setTimeout(() => reject(new Error(`not ready in time:\n${output}`)), timeoutMs);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = output.match(ready);
      if (match) {
        clearTimeout(timer);
        resolve({ child, output: () => output, match });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`exited with ${code} before ready:\n${output}`));
    });
  });
}

export function waitForExit(child: ChildProcess, timeoutMs = 30000): Promise<number | null> {
  return new Promise((resolve, reject) => {
    if (child.exitCode !== null) return resolve(child.exitCode);
    const timer = setTimeout(() => reject(new Error('process did not exit in time')), timeoutMs);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve(code);
    });
  });
}
