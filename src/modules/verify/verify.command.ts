import { DataSource } from 'typeorm';
import { verifyLedgers } from './verify-ledgers';

/** `cli verify [--business <id>]`: the report as the one output line, exit code 1 on drift. */
export async function verifyCommand(ds: DataSource, businessId: string | null): Promise<{ output: unknown; exitCode: number }> {
  const report = await verifyLedgers(ds, businessId);
  return { output: report, exitCode: report.ok ? 0 : 1 };
}
