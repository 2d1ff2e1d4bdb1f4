/** The statuses a sale can have (docs/api.md 5 and 12). */
export const SALE_STATUSES = ['completed', 'pending', 'cancelled', 'partially_returned', 'returned'] as const;
export type SaleStatus = (typeof SALE_STATUSES)[number];

/** The statuses a return or a cancellation starts from. */
export const REVERSIBLE_SALE_STATUSES: readonly SaleStatus[] = ['completed', 'partially_returned'];

/**
 * A sale that counts for a customer's last purchase, as an SQL list: completed, or returned only in
 * part; a fully returned sale counts like a cancelled one. Analytics count by what is left of a sale's
 * total instead (COUNTED_SALE_SQL in analytics/persistence/analytics-rollups.sql.ts).
 */
export const COUNTED_SALE_STATUSES_SQL = `('completed', 'partially_returned')`;
