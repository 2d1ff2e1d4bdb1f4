import { DataSource } from 'typeorm';
import * as checks from './persistence/ledger-checks.sql';
import { purchasing } from './persistence/purchasing-checks.sql';
import { taxLines } from './persistence/tax-checks.sql';
import { inReadOnlySnapshot } from './persistence/read-only-snapshot';
import { buildReport, CheckResult, VerifyReport } from './verify-report';

/** Drift rows listed per check at most; the count stays exact. */
export const MAX_DRIFT_ROWS_PER_CHECK = 1000;

/** The checks in report order, each with the `checked` figure its examined rows count towards. */
const LEDGER_CHECKS: { counts?: CheckResult['counts']; statement: checks.LedgerCheck }[] = [
  { counts: 'stock_levels', statement: checks.stockLevels },
  { counts: 'loyalty_accounts', statement: checks.loyaltyAccounts },
  { statement: checks.orderLines },
  { counts: 'orders', statement: checks.orders },
  { counts: 'returns', statement: checks.returns },
  { statement: checks.averageCosts },
  { statement: purchasing },
  { statement: checks.transfers },
  { statement: checks.stockCounts },
  { statement: checks.analyticsRollups },
  { statement: checks.documentNumbers },
  { statement: taxLines },
];

/** Every ledger check over one snapshot (see inReadOnlySnapshot), one statement each, in order. */
export async function verifyLedgers(ds: DataSource, businessId: string | null): Promise<VerifyReport> {
  const results = await inReadOnlySnapshot(ds, async (tx) => {
    const out: CheckResult[] = [];
    for (const check of LEDGER_CHECKS) {
      const [row] = await tx.run(check.statement, [businessId, MAX_DRIFT_ROWS_PER_CHECK]);
      out.push({ counts: check.counts, checked: Number(row.checked), driftCount: Number(row.drift_count), drift: row.drift });
    }
    return out;
  });
  return buildReport(results);
}
