/**
 * Points taken back when an order is cancelled: what it earned, but never more than the balance
 * holds now (points already redeemed stay redeemed, and the balance never goes below zero).
 */
export function pointsToReverse(earned: number, balance: number): number {
  return Math.max(0, Math.min(earned, balance));
}
