import { ChildProcess, spawn, SpawnOptions } from 'child_process';
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

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
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
