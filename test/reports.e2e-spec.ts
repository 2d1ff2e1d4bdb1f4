import { AnalyticsWarmer } from '../src/modules/analytics/analytics-warmer';
import { AnalyticsWindowProducts } from '../src/modules/analytics/analytics-window-products';
import { verifyLedgers } from '../src/modules/verify/verify-ledgers';
import { apiAs, createBusiness, startTestApp, TestApp } from './helpers/test-app';
import { earlier } from './helpers/earlier-time';

describe('reports: inventory valuation and margin (docs/api.md 13)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('values stock at average cost and computes margin net of returns, live and rolled up, by hand', async () => {
    const biz = await createBusiness(t, 'Report Shop');
    const api = apiAs(t, biz);
    const a = (await api.post('/products', { name: 'Apples', sku: 'A', price: 10, cost_price: 2 }).expect(201)).body.data;
    const b = (await api.post('/products', { name: 'Bread', sku: 'B', price: 20, cost_price: 5.5 }).expect(201)).body.data;
    await api.post('/stock/adjustments', { product_id: a.id, quantity: 10, reason: 'restock' }).expect(201);
    await api.post('/stock/adjustments', { product_id: b.id, quantity: 4, reason: 'restock' }).expect(201);
    // (10 x 2 + 10 x 3) / 20 = 2.5
    const supplier = (await api.post('/suppliers', { name: 'Orchard' }).expect(201)).body.data;
    const po = (await api.post('/purchase-orders', { supplier_id: supplier.id, items: [{ product_id: a.id, quantity: 10, unit_cost: 3 }] }).expect(201)).body
      .data;
    await api.post(`/purchase-orders/${po.id}/submit`, {}).expect(200);
    await api.post(`/purchase-orders/${po.id}/receipts`, { items: [{ purchase_order_item_id: po.items[0].id, quantity: 10 }] }).expect(201);

    // order 1, three days ago: A 4 x 10 (cost 4 x 2.5 = 10), B 1 x 20 (cost 5.5); order 2 today: A 2 x 10 (cost 5)
    const first = (
      await api
        .post('/orders', {
          items: [
            { product_id: a.id, quantity: 4 },
            { product_id: b.id, quantity: 1 },
          ],
        })
        .expect(201)
    ).body.data;
    await t.db.query(`UPDATE sales SET created_at = ${earlier('created_at', "interval '3 days'")} WHERE id = $1`, [first.order_id]);
    await api.post('/orders', { items: [{ product_id: a.id, quantity: 2 }] }).expect(201);

    const margin = async (days: number) => (await api.get(`/reports/margin?days=${days}`).expect(200)).body.data;
    const week = await margin(7);
    expect(week).toMatchObject({ revenue: 80, cogs: 20.5, gross_margin: 59.5, margin_percent: 74.38 });
    expect(week.products).toEqual([
      { product_id: a.id, name: 'Apples', quantity: 6, revenue: 60, cogs: 15, margin: 45, margin_percent: 75 },
      { product_id: b.id, name: 'Bread', quantity: 1, revenue: 20, cogs: 5.5, margin: 14.5, margin_percent: 72.5 },
    ]);
    const [{ n }] = await t.db.query(`SELECT count(*)::int AS n FROM analytics_daily_products WHERE business_id = $1 AND cost > 0`, [biz.business_id]);
    expect(n).toBe(2);

    // one apple of order 1 comes back: its day's rollup is corrected; revenue 40 -> 30, cost round(3 x 2.5) = 7.5
    await api.post(`/orders/${first.order_id}/returns`, { items: [{ sale_item_id: first.items[0].id, quantity: 1 }] }).expect(201);
    const after = await margin(7);
    // margin 52 / revenue 70 = 74.2857 %
    expect(after).toMatchObject({ revenue: 70, cogs: 18, gross_margin: 52, margin_percent: 74.29 });
    expect(after.products[0]).toEqual({ product_id: a.id, name: 'Apples', quantity: 5, revenue: 50, cogs: 12.5, margin: 37.5, margin_percent: 75 });
    const today = await margin(1);
    expect(today).toMatchObject({ revenue: 20, cogs: 5, gross_margin: 15, margin_percent: 75 });
    expect(today.from).toBe(today.to);
    expect(week.to).toBe(today.to);

    // on hand: A 20 - 6 + 1 = 15 at 2.5 (the return re-entered at 2.5) = 37.5; B 3 at 5.5 = 16.5
    const valuation = (await api.get('/reports/inventory-valuation').expect(200)).body;
    expect(valuation).toEqual({
      success: true,
      data: {
        currency: 'USD',
        total_value: 54,
        products: [
          { product_id: a.id, sku: 'A', name: 'Apples', quantity: 15, average_cost: 2.5, value: 37.5 },
          { product_id: b.id, sku: 'B', name: 'Bread', quantity: 3, average_cost: 5.5, value: 16.5 },
        ],
      },
    });
    expect((await verifyLedgers(t.db, biz.business_id)).drift).toEqual([]);
  });

  it('an empty business: zeros and no products; days is 1..365', async () => {
    const biz = await createBusiness(t, 'Empty Reports');
    const api = apiAs(t, biz);
    expect((await api.get('/reports/margin').expect(200)).body.data).toMatchObject({ revenue: 0, cogs: 0, gross_margin: 0, margin_percent: 0, products: [] });
    expect((await api.get('/reports/inventory-valuation').expect(200)).body.data).toEqual({ currency: 'USD', total_value: 0, products: [] });
    await api.get('/reports/margin?days=0').expect(400);
    await api.get('/reports/margin?days=366').expect(400);
    await api.get('/reports/margin?days=abc').expect(400);
  });
});

describe('margin and top products over long windows: product running totals (issue 13)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it("runs on connections without PostgreSQL's JIT, which would compile a big report's plan longer than it runs", async () => {
    const [server] = await t.db.query(`SELECT boot_val FROM pg_settings WHERE name = 'jit'`);
    expect(server.boot_val).toBe('on');
    const connections = await Promise.all([1, 2, 3].map(() => t.db.query('SHOW jit')));
    expect(connections.map(([row]) => row.jit)).toEqual(['off', 'off', 'off']);
  });

  it('read the same figures as the sales themselves, after fills of earlier days, a return and a cancellation of closed days', async () => {
    const biz = await createBusiness(t, 'Totals Shop');
    const api = apiAs(t, biz);
    const product = async (name: string, price: number, cost: number) => {
      const p = (await api.post('/products', { name, price, cost_price: cost }).expect(201)).body.data;
      await api.post('/stock/adjustments', { product_id: p.id, quantity: 100, reason: 'restock' }).expect(201);
      return p.id as string;
    };
    const [a, b, c] = [await product('Apples', 3.5, 1.25), await product('Bread', 2.2, 0.8), await product('Cheese', 7.9, 4.1)];
    /** An order `daysAgo` days back (whole days, so it stays on the same local date). */
    const sale = async (daysAgo: number, lines: [string, number][]) => {
      const order = (await api.post('/orders', { items: lines.map(([product_id, quantity]) => ({ product_id, quantity })) }).expect(201)).body.data;
      await t.db.query(`UPDATE sales SET created_at = ${earlier('created_at', 'make_interval(days => $2)')} WHERE id = $1`, [order.order_id, daysAgo]);
      return order;
    };
    await sale(50, [
      [a, 3],
      [c, 1],
    ]);
    const returned = await sale(20, [
      [a, 2],
      [b, 5],
    ]);
    const cancelled = await sale(10, [
      [c, 2],
      [b, 1],
    ]);
    await sale(4, [[b, 2]]);
    await sale(3, [
      [a, 1],
      [c, 1],
    ]);
    await sale(0, [[a, 4]]);
    // three orders a day over the last two weeks: windows of 30 days and more have over 8 times more
    // orders than the 3 products and are read from the running totals (see TOTALS_CHOICE), a week's
    // window from the daily rollup
    for (let daysAgo = 2; daysAgo <= 14; daysAgo++) for (const p of [a, b, c]) await sale(daysAgo, [[p, 1]]);

    /** The window's figures straight from the sale lines (UTC business: local days are UTC days). */
    const truth = async (days: number) => {
      const rows = await t.db.query(
        `SELECT i.product_id, p.name, sum(i.quantity - i.returned_quantity)::float8 AS quantity, sum(i.total - i.returned_amount)::float8 AS revenue,
                sum(round((i.quantity - i.returned_quantity) * i.unit_cost, 2))::float8 AS cogs,
                CASE WHEN sum(i.total - i.returned_amount) = 0 THEN NULL
                     ELSE round((sum(i.total - i.returned_amount) - sum(round((i.quantity - i.returned_quantity) * i.unit_cost, 2))) * 100
                                / sum(i.total - i.returned_amount), 2)::float8 END AS margin_percent
           FROM sales s JOIN sale_items i ON i.business_id = s.business_id AND i.sale_id = s.id JOIN products p ON p.business_id = i.business_id AND p.id = i.product_id
          WHERE s.business_id = $1 AND s.status IN ('completed', 'partially_returned')
            AND s.created_at >= date_trunc('day', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' - make_interval(days => $2 - 1)
          GROUP BY i.product_id, p.name ORDER BY 4 DESC, p.name, i.product_id`,
        [biz.business_id, days],
      );
      return rows.map(({ margin_percent, ...r }: any) => ({ ...r, margin: Math.round((r.revenue - r.cogs) * 100) / 100, margin_percent }));
    };
    const check = async (days: number) => {
      const want = await truth(days);
      const margin = (await api.get(`/reports/margin?days=${days}`).expect(200)).body.data;
      expect(margin.products).toEqual(want);
      const top = (await api.get(`/analytics/top-products?days=${days}&limit=10`).expect(200)).body;
      expect(top.map((p: { product_id: string; total_sold: number; total_revenue: number }) => [p.product_id, p.total_sold, p.total_revenue])).toEqual(
        want.map((w: { product_id: string; quantity: number; revenue: number }) => [w.product_id, w.quantity, w.revenue]),
      );
    };
    const state = async () => {
      const [row] = await t.db.query(
        `SELECT through::text, through >= (now() AT TIME ZONE 'UTC')::date - 2 AS recent,
                (SELECT count(*)::int FROM analytics_product_totals WHERE business_id = $1) AS totals
           FROM analytics_product_totals_state WHERE business_id = $1`,
        [biz.business_id],
      );
      return row;
    };

    // a short window first, then longer ones whose fills roll up earlier days: the totals start over from there
    for (const days of [7, 30, 60, 1, 365]) await check(days);
    const built = await state();
    expect(built).toMatchObject({ recent: true });
    expect(built.totals).toBeGreaterThanOrEqual(7);
    // the warm-up keeps the totals up where a product read takes them: rewound by hand, it extends them again
    await t.db.query(`UPDATE analytics_product_totals_state SET through = through - 3 WHERE business_id = $1`, [biz.business_id]);
    await t.app.get(AnalyticsWarmer).warmAll();
    expect(await state()).toEqual(built);

    // the long windows are read from the totals: a tampered last total of Cheese shows (and is put back).
    // The first reads of each length had its window product rows built in the background: without them
    // (AnalyticsWindowProducts) the reads take the totals again
    await t.app.get(AnalyticsWindowProducts).settled();
    await t.db.query(`DELETE FROM analytics_window_products WHERE business_id = $1`, [biz.business_id]);
    await t.db.query(`DELETE FROM analytics_window_product_state WHERE business_id = $1`, [biz.business_id]);
    const lastTotal = `UPDATE analytics_product_totals SET revenue = revenue + $3 WHERE business_id = $1 AND product_id = $2
                        AND day = (SELECT max(day) FROM analytics_product_totals WHERE business_id = $1 AND product_id = $2)`;
    await t.db.query(lastTotal, [biz.business_id, c, 1000]);
    const tampered = (await api.get('/reports/margin?days=60').expect(200)).body.data;
    const cheese = (await truth(60)).find((w: { product_id: string }) => w.product_id === c);
    expect(tampered.products.find((p: { product_id: string }) => p.product_id === c).revenue).toBe(cheese.revenue + 1000);
    // the week's window is read from the daily rollup: the tampered total does not show there
    await check(7);
    // a catalog too big for the window's orders: the same 60 days come from the daily rollup, right
    for (let i = 0; i < 10; i++) await api.post('/products', { name: `Unsold ${i}`, price: 1 }).expect(201);
    await check(60);
    await t.db.query(lastTotal, [biz.business_id, c, -1000]);

    // a return and a cancellation of closed days rewind the totals; the next reads are right again,
    // from the daily rollup (the catalog is now too big for the totals), and so is the warm-up: both
    // leave the totals behind
    await api.post(`/orders/${returned.order_id}/returns`, { items: [{ sale_item_id: returned.items[1].id, quantity: 2 }] }).expect(201);
    expect((await state()).through < built.through).toBe(true);
    await api.post(`/orders/${cancelled.order_id}/cancel`, {}).expect(200);
    for (const days of [30, 7, 365, 60]) await check(days);
    expect((await state()).through < built.through).toBe(true);
    await t.app.get(AnalyticsWarmer).warmAll();
    expect((await state()).through < built.through).toBe(true);
    for (const days of [30, 7, 365, 60]) await check(days);
  });
});
