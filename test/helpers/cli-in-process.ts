import { runCli as runCliHere } from '../../src/cli';
import { CommandResult } from './processes';

/**
 * The CLI's entry point run in this process, its stdout captured: the same code as `npm run cli`
 * without a process start (about 2 s of CPU each) for the cases that are about the command's
 * answers; the process itself (exit codes, one JSON line) is covered by the cases run through npm.
 */
export async function runCliInProcess(args: string[], env: NodeJS.ProcessEnv): Promise<CommandResult> {
  const saved = { DATABASE_URL: process.env.DATABASE_URL, LOG_LEVEL: process.env.LOG_LEVEL };
  Object.assign(process.env, { DATABASE_URL: env.DATABASE_URL, LOG_LEVEL: 'error' });
  const write = process.stdout.write.bind(process.stdout);
  let stdout = '';
  process.stdout.write = (chunk: string | Uint8Array) => {
    stdout += chunk.toString();
    return true;
  };
  try {
    return { code: await runCliHere(args), stdout, stderr: '' };
  } finally {
    process.stdout.write = write;
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  }
}
