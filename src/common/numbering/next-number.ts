import { Tx } from '../../database/transaction';

export type CounterName = 'sale' | 'invoice' | 'sku';

/**
 * The next gapless per-business number. The counter row stays locked until the transaction ends,
 * so callers take it as late as possible (shared/notes/performance.md); a rollback returns it.
 */
export async function nextNumber(tx: Tx, businessId: string, counter: CounterName): Promise<number> {
  const row = await tx.one<{ value: string }>(
    `UPDATE business_counters SET value = value + 1 WHERE business_id = $1 AND name = $2 RETURNING value`,
    [businessId, counter],
  );
  if (!row) throw new Error(`counter ${counter} missing for business ${businessId}`);
  return Number(row.value);
}

/** `S-0001`, `INV-0042`, `S-12345`: at least four digits. */
export function formatNumber(prefix: string, value: number): string {
  return `${prefix}-${String(value).padStart(4, '0')}`;
}

/**
 * The same counter step as `nextNumber`, as the body of a CTE inside a larger statement (SqlBatch),
 * so the number is taken in the last statement before commit. Returns `number`, the formatted
 * `formatted` (as formatNumber) and `at`, the clock time once the counter row is locked. `after`
 * names a CTE whose counter row must be locked first: a fixed lock order between counters.
 */
export function nextNumberSql(businessIdSql: string, counter: CounterName, prefix: string, after?: string): string {
  return `UPDATE business_counters c SET value = c.value + 1${after ? ` FROM ${after}` : ''}
     WHERE c.business_id = ${businessIdSql} AND c.name = '${counter}'
 RETURNING c.value AS number,
           '${prefix}-' || lpad(c.value::text, greatest(4, length(c.value::text)), '0') AS formatted,
           clock_timestamp() AS at`;
}
