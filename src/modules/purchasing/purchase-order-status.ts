/** The statuses of a purchase order (docs/api.md 13). */
export const PURCHASE_ORDER_STATUSES = ['draft', 'ordered', 'partially_received', 'received', 'cancelled'] as const;
export type PurchaseOrderStatus = (typeof PURCHASE_ORDER_STATUSES)[number];

/** The actions a client asks for, and the statuses each may start from. */
const ALLOWED_FROM: Record<'update' | 'submit' | 'cancel' | 'receive' | 'pay', readonly PurchaseOrderStatus[]> = {
  update: ['draft'],
  submit: ['draft'],
  cancel: ['draft', 'ordered', 'partially_received'],
  receive: ['ordered', 'partially_received'],
  pay: ['ordered', 'partially_received', 'received', 'cancelled'],
};

export type PurchaseOrderAction = keyof typeof ALLOWED_FROM;

/** Whether `action` may run on an order that is `status`; otherwise the caller answers 409 INVALID_STATUS_TRANSITION. */
export function mayPurchaseOrder(action: PurchaseOrderAction, status: string): boolean {
  return ALLOWED_FROM[action].includes(status as PurchaseOrderStatus);
}
