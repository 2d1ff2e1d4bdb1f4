import { buildReport } from './verify-report';

describe('verify report', () => {
  it('is ok with zero drift and sums the checked counts per key', () => {
    expect(
      buildReport([
        { counts: 'stock_levels', checked: 3, driftCount: 0, drift: [] },
        { counts: 'loyalty_accounts', checked: 2, driftCount: 0, drift: [] },
        { checked: 0, driftCount: 0, drift: [] },
        { counts: 'orders', checked: 7, driftCount: 0, drift: [] },
      ]),
    ).toEqual({ ok: true, checked: { stock_levels: 3, loyalty_accounts: 2, orders: 7, returns: 0 }, drift: [] });
  });

  it('lists drift in check order without the columns a kind leaves null', () => {
    const report = buildReport([
      {
        counts: 'stock_levels',
        checked: 1,
        driftCount: 1,
        drift: [{ kind: 'stock_level', business_id: 'b', warehouse_id: 'w', product_id: 'p', expected: 5, actual: 4 }],
      },
      {
        counts: 'orders',
        checked: 1,
        driftCount: 1,
        drift: [{ kind: 'order_total', business_id: 'b', order_id: 'o', product_id: null, expected: 10, actual: 11 }],
      },
    ]);
    expect(report).toEqual({
      ok: false,
      checked: { stock_levels: 1, loyalty_accounts: 0, orders: 1, returns: 0 },
      drift: [
        { kind: 'stock_level', business_id: 'b', warehouse_id: 'w', product_id: 'p', expected: 5, actual: 4 },
        { kind: 'order_total', business_id: 'b', order_id: 'o', expected: 10, actual: 11 },
      ],
    });
  });

  it('keeps a zero expected or actual, and says how much drift was left out of a capped list', () => {
    const report = buildReport([{ counts: 'orders', checked: 5000, driftCount: 2500, drift: [{ kind: 'order_income', expected: 3, actual: 0 }] }]);
    expect(report.ok).toBe(false);
    expect(report.drift).toEqual([{ kind: 'order_income', expected: 3, actual: 0 }]);
    expect(report.drift_total).toBe(2500);
  });
});
