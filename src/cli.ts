import 'reflect-metadata';
import { DataSource } from 'typeorm';
import { JsonLogger } from './common/logging/json-logger';
import { loadConfig } from './config/app-config';
import { dataSourceOptions } from './database/data-source-options';
import { resolveDatabase } from './database/resolve-database-url';
import { migrate } from './database/migrate';
import { DomainError } from './common/errors/domain-error';
import { createApiKey, provisionBusiness, revokeApiKey } from './modules/businesses/business-provisioning';
import { verifyCommand } from './modules/verify/verify.command';

/**
 * Key issuance and operations. Same database settings as the server; works whether or not the
 * server runs. Exactly one JSON line on stdout; diagnostics go to stderr.
 *   cli business:create --name "Acme" [--currency EUR] [--timezone Europe/Berlin]
 *   cli apikey:create --business <id>
 *   cli apikey:revoke --key <key_id>
 *   cli verify [--business <id>]     ledgers vs levels, balances and order totals; exit 1 on drift
 */
type Command = (ds: DataSource, args: Record<string, string>) => Promise<{ output: unknown; exitCode?: number }>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function requireArg(args: Record<string, string>, name: string, uuid = false): string {
  const value = args[name];
  if (!value) throw DomainError.validation(name, `--${name} is required`);
  if (uuid && !UUID.test(value)) throw DomainError.validation(name, `--${name} must be a UUID`);
  return value;
}

const COMMANDS: Record<string, Command> = {
  'business:create': async (ds, args) => ({
    output: await ds.transaction((m) => provisionBusiness(m, { name: requireArg(args, 'name'), currency: args.currency, timezone: args.timezone })),
  }),
  'apikey:create': async (ds, args) => ({
    output: await ds.transaction((m) => createApiKey(m, requireArg(args, 'business', true))),
  }),
  'apikey:revoke': async (ds, args) => ({
    output: await ds.transaction((m) => revokeApiKey(m, requireArg(args, 'key', true))),
  }),
};

export function registerCliCommand(name: string, command: Command): void {
  COMMANDS[name] = command;
}

function parseArgs(argv: string[]): { command: string; args: Record<string, string> } {
  const [command, ...rest] = argv;
  const args: Record<string, string> = {};
  for (let i = 0; i < rest.length; i++) {
    const token = rest[i];
    if (!token.startsWith('--')) continue;
    const eq = token.indexOf('=');
    if (eq !== -1) args[token.slice(2, eq)] = token.slice(eq + 1);
    else if (rest[i + 1] !== undefined && !rest[i + 1].startsWith('--')) args[token.slice(2)] = rest[++i];
    else args[token.slice(2)] = 'true';
  }
  return { command, args };
}

registerCliCommand('verify', verifyCommand);

function printLine(value: unknown): void {
  process.stdout.write(`${JSON.stringify(value)}\n`);
}

export async function runCli(argv: string[]): Promise<number> {
  const { command, args } = parseArgs(argv);
  const run = COMMANDS[command];
  if (!run) {
    printLine({ error: { code: 'UNKNOWN_COMMAND', message: `usage: cli <${Object.keys(COMMANDS).join('|')}> [--options]` } });
    return 2;
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
    const { output, exitCode } = await run(ds, args);
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
