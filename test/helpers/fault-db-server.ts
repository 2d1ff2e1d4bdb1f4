/**
 * Runs an embedded PostgreSQL for a fault test, in a process of its own. Commands on stdin, one per line, each answered
 * by one line on stdout: `start` -> `started <url>`, `stop` -> `stopped`. End of stdin or SIGTERM
 * stops the server and exits.
 *   ts-node --swc test/helpers/fault-db-server.ts <data dir> <port> <database>
 */
import * as readline from 'readline';
import { EmbeddedDatabase, startEmbeddedDatabase } from '../../src/database/embedded-database';

const [dataDir, port, database] = process.argv.slice(2);
let server: EmbeddedDatabase | undefined;

async function handle(command: string): Promise<string> {
  if (command === 'start') {
    server = await startEmbeddedDatabase(dataDir, Number(port), database);
    return `started ${server.url}`;
  }
  if (command === 'stop') {
    await server?.stop();
    server = undefined;
    return 'stopped';
  }
  return `unknown ${command}`;
}

async function shutdown(): Promise<void> {
  await server?.stop().catch(() => undefined);
  process.exit(0);
}

let queue = Promise.resolve();
readline
  .createInterface({ input: process.stdin })
  .on('line', (line) => {
    queue = queue.then(async () => {
      try {
        process.stdout.write(`${await handle(line.trim())}\n`);
      } catch (err) {
        process.stdout.write(`error ${String((err as Error)?.message ?? err).replace(/\n/g, ' ')}\n`);
      }
    });
  })
  .on('close', () => void queue.then(shutdown));
process.on('SIGTERM', () => void shutdown());
