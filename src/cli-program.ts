import { Command, CommanderError, InvalidArgumentError } from 'commander';
import { DataSource } from 'typeorm';
import { Scope, SCOPES } from './common/auth/scopes';
import { parseUuid } from './common/validation/decorators';
import { DEFAULT_KEY_NAME, keyNameProblem, scopeListProblem } from './modules/businesses/api-key-rules';
import { createApiKey, provisionBusiness, revokeApiKey } from './modules/businesses/business-provisioning';
import { verifyCommand } from './modules/verify/verify.command';
import { inviteOwner } from './modules/staff/owner-invitation';
import { DomainError } from './common/errors/domain-error';
import { loadConfig } from './config/app-config';

/** What a parsed command does once the database is open: its one output line and exit code. */
export type CliAction = (ds: DataSource) => Promise<{ output: unknown; exitCode?: number }>;

/** What the command line asked for: an action to run, help already printed, or a usage error. */
export type ParsedCli = { kind: 'run'; action: CliAction } | { kind: 'help' } | { kind: 'usage-error'; code: string; message: string };

function uuidOption(flag: string): (value: string) => string {
  return (value) => {
    const id = parseUuid(value);
    if (id === undefined) throw new InvalidArgumentError(`--${flag} must be a UUID`);
    return id;
  };
}

function nonEmpty(flag: string): (value: string) => string {
  return (value) => {
    if (value.trim() === '') throw new InvalidArgumentError(`--${flag} must not be empty`);
    return value;
  };
}

function keyNameOption(value: string): string {
  const problem = keyNameProblem(value);
  if (problem) throw new InvalidArgumentError(`--${problem}`);
  return value.trim();
}

function scopesOption(value: string): Scope[] {
  const scopes = value.split(',').map((s) => s.trim());
  const problem = scopeListProblem(scopes.filter((s) => s !== '').length === 0 ? [] : scopes);
  if (problem) throw new InvalidArgumentError(`--${problem}`);
  return scopes as Scope[];
}

/**
 * The commands and their flags, declared once: commander prints the usage (`--help`, per command too)
 * and refuses unknown commands and flags, missing and bad values. A fresh program per parse, since
 * commander keeps the parsed values on it.
 */
function buildProgram(select: (action: CliAction) => void, writeOut: (text: string) => void): Command {
  const program = new Command('cli')
    .description('Key issuance and operations, on the same database settings as the server. Prints one JSON line.')
    .usage('<command> [options]')
    .exitOverride()
    .configureOutput({ writeOut, writeErr: () => undefined, outputError: () => undefined })
    .allowExcessArguments(false);

  program
    .command('business:create')
    .description('create a business, its default warehouse "Main" and a first API key')
    .requiredOption('--name <name>', 'the business name', nonEmpty('name'))
    .option('--currency <code>', 'ISO 4217 currency (default USD)')
    .option('--timezone <zone>', 'IANA time zone (default UTC)')
    .option('--owner-email <email>', 'invite this person as the first owner: prints an invitation link (valid 72 h)', nonEmpty('owner-email'))
    .option('--owner-name <name>', "the owner's name (default: the email's local part)", nonEmpty('owner-name'))
    .action((opts: { name: string; currency?: string; timezone?: string; ownerEmail?: string; ownerName?: string }) =>
      select(async (ds) => {
        if (opts.ownerName !== undefined && opts.ownerEmail === undefined) throw DomainError.validation('owner_name', '--owner-name needs --owner-email');
        const output = await ds.transaction(async (m) => {
          const business = await provisionBusiness(m, opts);
          if (opts.ownerEmail === undefined) return business;
          return { ...business, ...(await inviteOwner(m, business.business_id, { email: opts.ownerEmail, name: opts.ownerName }, loadConfig().publicUrl)) };
        });
        return { output };
      }),
    );

  program
    .command('apikey:create')
    .description('issue another API key for a business')
    .requiredOption('--business <id>', 'the business id', uuidOption('business'))
    .option('--name <name>', `what the key is for, shown in key lists (default "${DEFAULT_KEY_NAME}")`, keyNameOption)
    .option('--scopes <a,b>', `comma-separated scopes (default admin): ${SCOPES.join(', ')}`, scopesOption)
    .action((opts: { business: string; name?: string; scopes?: Scope[] }) =>
      select(async (ds) => ({ output: await ds.transaction((m) => createApiKey(m, opts.business, { name: opts.name, scopes: opts.scopes })) })),
    );

  program
    .command('apikey:revoke')
    .description('revoke an API key at once')
    .requiredOption('--key <key_id>', 'the key id', uuidOption('key'))
    .action((opts: { key: string }) => select(async (ds) => ({ output: await ds.transaction((m) => revokeApiKey(m, opts.key)) })));

  program
    .command('verify')
    .description('recompute stock, balances and totals from the ledgers; exit code 1 on drift')
    .option('--business <id>', 'only this business', uuidOption('business'))
    .action((opts: { business?: string }) => select((ds) => verifyCommand(ds, opts.business ?? null)));

  for (const command of program.commands) command.exitOverride().configureOutput(program.configureOutput()).allowExcessArguments(false);
  return program;
}

/** Reads argv (without node and the script): what to run, or why not. Help goes to `writeOut`. */
export function parseCli(argv: string[], writeOut: (text: string) => void): ParsedCli {
  let action: CliAction | undefined;
  const program = buildProgram((selected) => (action = selected), writeOut);
  try {
    program.parse(argv, { from: 'user' });
  } catch (err) {
    if (!(err instanceof CommanderError)) throw err;
    if (err.exitCode === 0) return { kind: 'help' };
    const message = err.message.replace(/^error: /, '');
    if (err.code === 'commander.help') return { kind: 'usage-error', code: 'UNKNOWN_COMMAND', message: `a command is required: ${commandNames(program)}` };
    if (err.code === 'commander.unknownCommand')
      return { kind: 'usage-error', code: 'UNKNOWN_COMMAND', message: `${message} (commands: ${commandNames(program)})` };
    return { kind: 'usage-error', code: 'VALIDATION_FAILED', message };
  }
  return action ? { kind: 'run', action } : { kind: 'usage-error', code: 'UNKNOWN_COMMAND', message: `a command is required: ${commandNames(program)}` };
}

function commandNames(program: Command): string {
  return program.commands.map((c) => c.name()).join(', ');
}
