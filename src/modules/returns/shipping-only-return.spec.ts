import { SHIPPING_ONLY_RETURN_FROM, shippingOnlyRefusal } from './shipping-only-return';

describe('shipping-only returns (docs/api.md 12)', () => {
  it('refund the unrefunded shipping of a partially returned or returned order', () => {
    for (const status of ['partially_returned', 'returned']) {
      expect(shippingOnlyRefusal({ status, shippingAmount: '7.50', shippingRefunded: false })).toBeNull();
    }
  });

  it('are refused for a completed order, a refunded shipping or no shipping', () => {
    expect(shippingOnlyRefusal({ status: 'completed', shippingAmount: '7.50', shippingRefunded: false })).toMatch(/returned yet/);
    expect(shippingOnlyRefusal({ status: 'returned', shippingAmount: '7.50', shippingRefunded: true })).toMatch(/already refunded/);
    expect(shippingOnlyRefusal({ status: 'partially_returned', shippingAmount: '0.00', shippingRefunded: false })).toMatch(/no shipping/);
  });

  it('start from the statuses of any return and from returned; never from cancelled', () => {
    expect([...SHIPPING_ONLY_RETURN_FROM].sort()).toEqual(['completed', 'partially_returned', 'returned']);
  });
});
