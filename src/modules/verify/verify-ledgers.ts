import { DataSource } from 'typeorm';
import { LEDGER_CHECKS } from './ledger-checks';
import { buildReport, CheckResult, VerifyReport } from './verify-report';

/** Drift rows listed per check at most; the count stays exact. */
export const MAX_DRIFT_ROWS_PER_CHECK = 1000;

/**
 * Runs every ledger check in ONE read-only REPEATABLE READ transaction, so all of them see the same
 * snapshot: a server writing meanwhile commits a level and its movement together, and the check
 * sees both or neither. Nothing is locked or written.
 */
export async function verifyLedgers(ds: DataSource, businessId: string | null): Promise<VerifyReport> {
  const runner = ds.createQueryRunner();
  await runner.connect();
  try {
    await runner.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const results: CheckResult[] = [];
    for (const check of LEDGER_CHECKS) {
      const [row] = await runner.query(check.sql, [businessId, MAX_DRIFT_ROWS_PER_CHECK]);
      results.push({ counts: check.counts, checked: Number(row.checked), driftCount: Number(row.drift_count), drift: row.drift });
    }
    await runner.query('COMMIT');
    return buildReport(results);
  } catch (err) {
    await runner.query('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    await runner.release();
  }
}
