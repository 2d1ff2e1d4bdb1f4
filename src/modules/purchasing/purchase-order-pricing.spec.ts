import { MAX_MONEY } from '../../common/money/money';
import { pricePurchaseOrder, PurchaseOrderTooLarge } from './purchase-order-pricing';

describe('purchase order pricing (docs/api.md 13)', () => {
  it('rounds each line half up to cents and sums the lines', () => {
    const priced = pricePurchaseOrder([
      { quantity: '3', unitCost: '1.2345' }, // 3.7035 -> 3.70
      { quantity: '0.5', unitCost: '0.0125' }, // 0.00625 -> 0.01
      { quantity: '2.125', unitCost: '4' }, // 8.50
    ]);
    expect(priced.lineTotals.map(String)).toEqual(['3.7', '0.01', '8.5']);
    expect(priced.total.toFixed(2)).toBe('12.21');
  });

  it('refuses a line or a total beyond the largest amount', () => {
    expect(() => pricePurchaseOrder([{ quantity: '2', unitCost: String(MAX_MONEY) }])).toThrow(PurchaseOrderTooLarge);
    expect(() =>
      pricePurchaseOrder([
        { quantity: '1', unitCost: String(MAX_MONEY) },
        { quantity: '1', unitCost: '1' },
      ]),
    ).toThrow(new PurchaseOrderTooLarge('items'));
  });
});
