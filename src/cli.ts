import 'reflect-metadata';
import { DataSource } from 'typeorm';
import { parseCli } from './cli-program';
import { DomainError } from './common/errors/domain-error';
import { JsonLogger } from './common/logging/json-logger';
import { loadConfig } from './config/app-config';
import { dataSourceOptions } from './database/data-source-options';
import { migrate } from './database/migrate';
import { resolveDatabase } from './database/resolve-database-url';

/**
 * Key issuance and operations (`cli --help` for the commands). Same database settings as the
 * server; works whether or not the server runs. Exactly one JSON line on stdout, exit code 1 on any
 * error (an unknown command or flag, a missing or bad value included); diagnostics go to stderr.
 */
function printLine(value: unknown): void {
  process.stdout.write(`${JSON.stringify(value)}\n`);
}

export async function runCli(argv: string[]): Promise<number> {
  const parsed = parseCli(argv, (text) => process.stdout.write(text));
  if (parsed.kind === 'help') return 0;
  if (parsed.kind === 'usage-error') {
    printLine({ error: { code: parsed.code, message: parsed.message } });
    return 1;
  }
  const config = loadConfig();
  const logger = new JsonLogger(config.logLevel, 'stderr');
  const { url, embedded } = await resolveDatabase(config, (m) => logger.log(m, 'Database'));
  let ds: DataSource | undefined;
  try {
    await migrate(url);
    ds = await new DataSource(
      dataSourceOptions(url, 2, { statementTimeoutMs: config.dbLongStatementTimeoutMs, connectTimeoutMs: config.dbConnectTimeoutMs }),
    ).initialize();
    const { output, exitCode } = await parsed.action(ds);
    printLine(output);
    return exitCode ?? 0;
  } catch (err: unknown) {
    if (err instanceof DomainError) {
      printLine({ error: { code: err.code, message: err.message } });
      return 1;
    }
    logger.error({ msg: 'command failed', err }, undefined, 'Cli');
    printLine({ error: { code: 'INTERNAL_ERROR', message: err instanceof Error ? err.message : String(err) } });
    return 1;
  } finally {
    await ds?.destroy();
    await embedded?.stop();
  }
}

if (require.main === module) {
  // Exit only once stdout is flushed: a large report written to a pipe is otherwise cut off.
  void runCli(process.argv.slice(2)).then((code) => process.stdout.write('', () => process.exit(code)));
}
