import { mayPurchaseOrder, PURCHASE_ORDER_STATUSES } from './purchase-order-status';

describe('purchase order transitions (docs/api.md 13)', () => {
  it.each([
    ['update', ['draft']],
    ['submit', ['draft']],
    ['cancel', ['draft', 'ordered', 'partially_received']],
    ['receive', ['ordered', 'partially_received']],
    ['pay', ['ordered', 'partially_received', 'received', 'cancelled']],
  ] as const)('%s only from %j', (action, allowed) => {
    for (const status of PURCHASE_ORDER_STATUSES) expect(mayPurchaseOrder(action, status)).toBe((allowed as readonly string[]).includes(status));
  });
});
