/** The statuses a sale can have (CONTRACT.md 5 and 12). */
export const SALE_STATUSES = ['completed', 'pending', 'cancelled', 'partially_returned', 'returned'] as const;
export type SaleStatus = (typeof SALE_STATUSES)[number];

/** The statuses a return or a cancellation starts from. */
export const REVERSIBLE_SALE_STATUSES: readonly SaleStatus[] = ['completed', 'partially_returned'];

/**
 * A sale that counts as sold, for analytics and a customer's last purchase, as an SQL list: completed,
 * or returned only in part (counted net of its refunds); a fully returned sale counts like a cancelled one.
 */
export const COUNTED_SALE_STATUSES_SQL = `('completed', 'partially_returned')`;
