/**
 * Kinds of stock movement in the ledger: a sale's deduction, a manual adjustment, a cancelled sale's
 * return, a return's restock, a purchase order's goods receipt.
 */
export const MOVEMENT_TYPES = ['sale', 'adjustment', 'cancel', 'return', 'receipt'] as const;
export type MovementType = (typeof MOVEMENT_TYPES)[number];
