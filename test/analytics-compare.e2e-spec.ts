import { AnalyticsPlanner } from '../src/modules/analytics/analytics-plan';
import { apiAs, createBusiness, startTestApp, TestApp, TestBusiness } from './helpers/test-app';

// A zone with DST and far from UTC's midnight: 2026-03-29 has 23 hours, 2026-10-25 25 hours.
const TZ = 'Europe/Berlin';

/** Sales at local instants (Europe/Berlin), each with its lines [product index, quantity]; what happens to it after. */
const SALES: { at: string; lines: [number, number][]; then?: 'cancel' | 'return-one' | 'return-all' }[] = [
  { at: '2026-01-27 23:30', lines: [[0, 1]] },
  { at: '2026-01-28 00:10', lines: [[1, 2]] },
  { at: '2026-02-27 23:50', lines: [[0, 3]] },
  { at: '2026-02-28 00:05', lines: [[1, 1]] },
  { at: '2026-03-29 01:30', lines: [[0, 1]] },
  { at: '2026-03-29 03:10', lines: [[1, 4]], then: 'return-one' },
  { at: '2026-03-29 23:30', lines: [[0, 2]] },
  { at: '2026-03-30 00:20', lines: [[1, 1]] },
  { at: '2026-03-30 11:00', lines: [[0, 1]] },
  { at: '2026-09-02 23:00', lines: [[0, 1]] },
  { at: '2026-09-03 00:30', lines: [[1, 3]] },
  { at: '2026-10-02 23:59', lines: [[0, 2]] },
  { at: '2026-10-03 00:00:30', lines: [[1, 1]] },
  { at: '2026-10-18 12:00', lines: [[0, 5]] },
  { at: '2026-10-19 23:30', lines: [[1, 2]], then: 'cancel' },
  { at: '2026-10-19 23:40', lines: [[0, 1]] },
  { at: '2026-10-20 00:10', lines: [[1, 1]] },
  { at: '2026-10-25 00:30', lines: [[0, 1]] },
  { at: '2026-10-25 03:30', lines: [[1, 2]] },
  { at: '2026-10-25 23:30', lines: [[0, 3]], then: 'return-one' },
  { at: '2026-10-26 00:05', lines: [[1, 1]] },
  { at: '2026-10-26 09:00', lines: [[0, 2]] },
  { at: '2026-10-31 00:10', lines: [[1, 2]], then: 'return-all' },
  { at: '2026-10-31 21:10', lines: [[0, 1]] },
  { at: '2026-10-31 23:10', lines: [[1, 3]] },
  { at: '2026-10-31 23:50', lines: [[0, 1]] },
  { at: '2026-11-01 00:10', lines: [[1, 2]] },
];

/** Customers created at local instants: the dashboard's `customers` of each window. */
const CUSTOMERS = ['2026-01-27 23:59', '2026-01-28 00:01', '2026-03-29 12:00', '2026-10-18 08:00', '2026-10-25 23:59', '2026-10-31 23:59', '2026-11-01 00:01'];

/**
 * Each fake "now" (local), and the windows read then. Chronological, as time goes: the days a
 * clock closed stay closed for the later ones. Every window's previous window is checked against
 * the sales themselves: DST days on either side, month ends, and yesterday in its grace hour.
 */
const CLOCKS: { now: string; days: number[] }[] = [
  { now: '2026-03-30 12:00', days: [1, 2, 31, 7] },
  { now: '2026-10-26 10:00', days: [1, 7, 30, 2] },
  { now: '2026-11-01 00:30', days: [1, 7, 30, 365] },
  { now: '2026-11-01 01:30', days: [1, 7, 31] },
];

describe('GET /analytics/dashboard?compare=previous (docs/api.md 8)', () => {
  let t: TestApp;
  let biz: TestBusiness;

  beforeAll(async () => {
    t = await startTestApp();
    biz = await createBusiness(t, 'Compare Shop', { timezone: TZ });
    const api = apiAs(t, biz);
    const products: string[] = [];
    for (const [name, price, cost] of [
      ['Coffee', 12.35, 4.1],
      ['Tea', 7.99, 2.05],
    ] as const) {
      const p = (await api.post('/products', { name, price, cost_price: cost }).expect(201)).body.data;
      await api.post('/stock/adjustments', { product_id: p.id, quantity: 500, reason: 'restock' }).expect(201);
      products.push(p.id);
    }
    const retired = (await api.post('/products', { name: 'Retired', price: 1 }).expect(201)).body.data;
    await api.put(`/products/${retired.id}`, { is_active: false }).expect(200);
    for (const sale of SALES) {
      const order = (await api.post('/orders', { items: sale.lines.map(([i, quantity]) => ({ product_id: products[i], quantity })) }).expect(201)).body.data;
      if (sale.then === 'cancel') await api.post(`/orders/${order.order_id}/cancel`, {}).expect(200);
      if (sale.then === 'return-one')
        await api.post(`/orders/${order.order_id}/returns`, { items: [{ sale_item_id: order.items[0].id, quantity: 1 }] }).expect(201);
      if (sale.then === 'return-all')
        await api.post(`/orders/${order.order_id}/returns`, { items: [{ sale_item_id: order.items[0].id, quantity: sale.lines[0][1] }] }).expect(201);
      await t.db.query(`UPDATE sales SET created_at = $2::timestamp AT TIME ZONE $3 WHERE id = $1`, [order.order_id, sale.at, TZ]);
    }
    for (const [i, at] of CUSTOMERS.entries()) {
      const c = (await api.post('/customers', { name: `Customer ${i}`, email: `c${i}@compare.test` }).expect(201)).body.data;
      await t.db.query(`UPDATE customers SET created_at = $2::timestamp AT TIME ZONE $3 WHERE id = $1`, [c.id, at, TZ]);
    }
    // rollups the API may have filled meanwhile (real "now") would be from before the dates moved
    for (const table of [
      'analytics_daily_sales',
      'analytics_daily_products',
      'analytics_hourly_sales',
      'analytics_hourly_products',
      'analytics_product_totals_state',
    ])
      await t.db.query(`DELETE FROM ${table} WHERE business_id = $1`, [biz.business_id]);
  });
  afterAll(async () => {
    t.app.get(AnalyticsPlanner).clock = () => new Date();
    await t.close();
  });

  /** The figures of local days [from, to], recomputed from the sales and customers (docs/api.md 8 and 12), up to `now`. */
  const truth = async (from: string, to: string, now: Date) => {
    const [row] = await t.db.query(
      `WITH counted AS (
         SELECT total - refunded_amount AS revenue FROM sales
          WHERE business_id = $1 AND (status = 'completed' OR (status IN ('partially_returned', 'returned') AND refunded_amount < total))
            AND (created_at AT TIME ZONE $4)::date BETWEEN $2::date AND $3::date AND created_at <= $5
       )
       SELECT (SELECT count(*)::int FROM counted) AS orders, (SELECT coalesce(sum(revenue), 0)::text FROM counted) AS revenue,
              (SELECT CASE WHEN count(*) = 0 THEN 0 ELSE round(sum(revenue) / count(*), 2) END::text FROM counted) AS avg,
              (SELECT count(*)::int FROM customers WHERE business_id = $1 AND (created_at AT TIME ZONE $4)::date <= $3::date) AS customers,
              (SELECT count(*)::int FROM customers WHERE business_id = $1 AND (created_at AT TIME ZONE $4)::date BETWEEN $2::date AND $3::date) AS new,
              (SELECT count(*)::int FROM products WHERE business_id = $1 AND is_active) AS products`,
      [biz.business_id, from, to, TZ, now],
    );
    return {
      revenue: { total: Number(row.revenue), orders: row.orders, avg_order_value: Number(row.avg) },
      customers: { total: row.customers, new_in_period: row.new },
      products: { total: row.products },
    };
  };
  const localDay = async (now: Date, daysBack: number): Promise<string> => {
    const [{ day }] = await t.db.query(`SELECT ((($1::timestamptz AT TIME ZONE $2)::date) - $3::int)::text AS day`, [now, TZ, daysBack]);
    return day;
  };

  it('the fixture is what the windows need: sales counted on both sides of each boundary', async () => {
    const now = new Date();
    // the 25-hour day: 00:30 CEST, 03:30 CET (after the repeated hour), 23:30 CET less one of three
    const dst = await truth('2026-10-25', '2026-10-25', now);
    expect(dst.revenue).toEqual({ total: 53.03, orders: 3, avg_order_value: 17.68 });
    // the 23-hour day: 01:30 CET, 03:10 CEST (4 teas less one), 23:30
    expect((await truth('2026-03-29', '2026-03-29', now)).revenue.orders).toBe(3);
    // the fully returned order of 2026-10-31 counts as none; the cancelled one of 2026-10-19 neither
    expect((await truth('2026-10-31', '2026-10-31', now)).revenue.orders).toBe(3);
    expect((await truth('2026-10-19', '2026-10-19', now)).revenue.orders).toBe(1);
  });

  it.each(CLOCKS)('at $now local: current and previous windows equal the recomputation', async ({ now, days }) => {
    const planner = t.app.get(AnalyticsPlanner);
    const [{ at }] = await t.db.query(`SELECT $1::timestamp AT TIME ZONE $2 AS at`, [now, TZ]);
    planner.clock = () => at;
    const api = apiAs(t, biz);
    for (const n of days) {
      const firstDay = await localDay(at, n - 1);
      const previousFirst = await localDay(at, 2 * n - 1);
      const previousLast = await localDay(at, n);
      const body = (await api.get(`/analytics/dashboard?days=${n}&compare=previous`).expect(200)).body;
      const current = await truth(firstDay, await localDay(at, 0), at);
      const previous = await truth(previousFirst, previousLast, at);
      expect({ days: n, ...body.data }).toEqual({ days: n, period_days: n, ...current, previous });
      // without compare: the same figures and no `previous`
      const plain = (await api.get(`/analytics/dashboard?days=${n}`).expect(200)).body.data;
      expect(plain).toEqual({ period_days: n, ...current });
      expect(plain).not.toHaveProperty('previous');
    }
  });

  it('days=1 is today so far; its previous window is yesterday, whole', async () => {
    const planner = t.app.get(AnalyticsPlanner);
    const [{ at }] = await t.db.query(`SELECT '2026-10-26 10:00'::timestamp AT TIME ZONE $1 AS at`, [TZ]);
    planner.clock = () => at;
    const data = (await apiAs(t, biz).get('/analytics/dashboard?days=1&compare=previous').expect(200)).body.data;
    // today: 00:05 tea and 09:00 two coffees; yesterday (25 hours): see the fixture test
    expect(data.revenue).toEqual({ total: 32.69, orders: 2, avg_order_value: 16.35 });
    expect(data.previous.revenue).toEqual({ total: 53.03, orders: 3, avg_order_value: 17.68 });
    expect(data.customers).toEqual({ total: 5, new_in_period: 0 });
    expect(data.previous.customers).toEqual({ total: 5, new_in_period: 1 });
    expect(data.previous.products).toEqual({ total: 2 });
  });

  it('compare takes only `previous`', async () => {
    const api = apiAs(t, biz);
    await api.get('/analytics/dashboard?compare=next').expect(400);
    await api.get('/analytics/dashboard?compare=').expect(400);
    const doc = (await t.http().get('/docs-json').expect(200)).body;
    const params = doc.paths['/api/v1/analytics/dashboard'].get.parameters.map((p: { name: string }) => p.name);
    expect(params).toEqual(expect.arrayContaining(['days', 'compare']));
  });
});
