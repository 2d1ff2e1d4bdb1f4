import type { components } from '../../../../test/generated/openapi';

export type OrderStatus = components['schemas']['OrderJson']['status'];

/** The statuses an order can have (the list filter's choices), in the order a clerk meets them. */
export const STATUSES: OrderStatus[] = ['completed', 'partially_returned', 'returned', 'cancelled', 'pending'];

const LABELS: Record<OrderStatus, string> = {
  completed: 'Completed',
  partially_returned: 'Partially returned',
  returned: 'Returned',
  cancelled: 'Cancelled',
  pending: 'Pending',
};

export function statusLabel(status: OrderStatus): string {
  return LABELS[status] ?? status;
}
