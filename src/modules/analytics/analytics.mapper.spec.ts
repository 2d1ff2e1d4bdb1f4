import { analyticsWindow } from './analytics-window';
import { toDashboard, toRevenueSeries, toTopProduct } from './analytics.mapper';

const w = analyticsWindow(new Date('2026-11-21T15:00:00Z'), 'UTC', 4);

describe('analytics mapper', () => {
  it('zero-fills the revenue series to exactly `days` points, oldest first, adding the parts of one day', () => {
    const series = toRevenueSeries(w, [
      { day: '2026-11-19', orders: 2, revenue: '10.10' },
      { day: '2026-11-21', orders: 1, revenue: '0.1' },
      { day: '2026-11-21', orders: 3, revenue: '0.2' },
    ]);
    expect(series).toEqual([
      { date: '2026-11-18', revenue: 0, orders: 0 },
      { date: '2026-11-19', revenue: 10.1, orders: 2 },
      { date: '2026-11-20', revenue: 0, orders: 0 },
      { date: '2026-11-21', revenue: 0.3, orders: 4 },
    ]);
  });

  it('rounds the average order value half up to cents and gives 0 without orders', () => {
    const row = { orders: 3, revenue: '100.00', customers: 5, new_customers: 1, products: 2 };
    expect(toDashboard(w, row)).toEqual({
      period_days: 4,
      revenue: { total: 100, orders: 3, avg_order_value: 33.33 },
      customers: { total: 5, new_in_period: 1 },
      products: { total: 2 },
    });
    expect(toDashboard(w, { ...row, orders: 8, revenue: '0.20' }).revenue.avg_order_value).toBe(0.03);
    expect(toDashboard(w, { ...row, orders: 0, revenue: '0' }).revenue).toEqual({ total: 0, orders: 0, avg_order_value: 0 });
  });

  it('turns numeric strings into numbers: quantities to 3 decimals, money to 2', () => {
    expect(toTopProduct({ product_id: 'p', name: 'Tea', sku: 'T', total_sold: '1.250', total_revenue: '5.3125' })).toEqual({
      product_id: 'p',
      name: 'Tea',
      sku: 'T',
      total_sold: 1.25,
      total_revenue: 5.31,
    });
  });
});
