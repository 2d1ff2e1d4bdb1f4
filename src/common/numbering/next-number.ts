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
