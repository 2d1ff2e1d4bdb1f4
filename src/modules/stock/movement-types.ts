/**
 * Kinds of stock movement in the ledger: a sale's deduction, a manual adjustment, a cancelled sale's
 * return, a return's restock, a purchase order's goods receipt, a transfer's shipment, arrival and
 * cancellation (goods back at the source), and a stock count's difference.
 */
export const MOVEMENT_TYPES = ['sale', 'adjustment', 'cancel', 'return', 'receipt', 'transfer_out', 'transfer_in', 'transfer_cancel', 'count'] as const;
export type MovementType = (typeof MOVEMENT_TYPES)[number];

/** The movements that carry goods between warehouses: they leave the product's on-hand stock (transit included) as it was. */
export const TRANSFER_MOVEMENT_TYPES = ['transfer_out', 'transfer_in', 'transfer_cancel'] as const satisfies readonly MovementType[];
