import { DataSource } from 'typeorm';
import { onCitus } from '../../database/citus';
import { Business } from '../businesses/entities/business.entity';
import * as checks from './persistence/ledger-checks.sql';
import { purchasing } from './persistence/purchasing-checks.sql';
import { taxLines } from './persistence/tax-checks.sql';
import { productValuations } from './persistence/valuation-checks.sql';
import { windowProducts } from './persistence/window-checks.sql';
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
  { statement: productValuations },
  { statement: checks.stockCounts },
  { statement: checks.analyticsRollups },
  { statement: windowProducts },
  { statement: checks.documentNumbers },
  { statement: taxLines },
];

/**
 * Every ledger check over one snapshot (see inReadOnlySnapshot), one statement each, in order. On Citus
 * a check of every business runs business by business (its joins stay on one shard, which Citus
 * requires of them), the figures summed and the drift rows joined up to MAX_DRIFT_ROWS_PER_CHECK.
 */
export async function verifyLedgers(ds: DataSource, businessId: string | null): Promise<VerifyReport> {
  const results = await inReadOnlySnapshot(ds, async (tx) => {
    const scopes =
      businessId === null && onCitus()
        ? (await tx.getRepository(Business).find({ select: { id: true }, order: { id: 'ASC' } })).map((b) => b.id)
        : [businessId];
    const out: CheckResult[] = [];
    for (const check of LEDGER_CHECKS) {
      const result: CheckResult = { counts: check.counts, checked: 0, driftCount: 0, drift: [] };
      for (const scope of scopes) {
        const [row] = await tx.run(check.statement, [scope, MAX_DRIFT_ROWS_PER_CHECK]);
        result.checked += Number(row.checked);
        result.driftCount += Number(row.drift_count);
        result.drift.push(...row.drift.slice(0, MAX_DRIFT_ROWS_PER_CHECK - result.drift.length));
      }
      out.push(result);
    }
    return out;
  });
  return buildReport(results);
}
