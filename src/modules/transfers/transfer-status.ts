/** The statuses of a stock transfer (docs/api.md 14): shipped at once, then received or cancelled. */
export const TRANSFER_STATUSES = ['in_transit', 'received', 'cancelled'] as const;
export type TransferStatus = (typeof TRANSFER_STATUSES)[number];
