import { DataSource } from 'typeorm';
import { DomainError } from '../../common/errors/domain-error';
import { verifyLedgers } from './verify-ledgers';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `cli verify [--business <id>]`: the report as the one output line, exit code 1 on drift. */
export async function verifyCommand(ds: DataSource, args: Record<string, string>): Promise<{ output: unknown; exitCode: number }> {
  const businessId = args.business ?? null;
  if (businessId !== null && !UUID.test(businessId)) throw DomainError.validation('business', '--business must be a UUID');
  const report = await verifyLedgers(ds, businessId);
  return { output: report, exitCode: report.ok ? 0 : 1 };
}
