import { verifyLedgers } from '../src/modules/verify/verify-ledgers';
import { apiAs, createBusiness, startTestApp, TestApp } from './helpers/test-app';

describe('reports: inventory valuation and margin (CONTRACT.md 13)', () => {
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
    await t.db.query(`UPDATE sales SET created_at = created_at - interval '3 days' WHERE id = $1`, [first.order_id]);
    await api.post('/orders', { items: [{ product_id: a.id, quantity: 2 }] }).expect(201);

    const margin = async (days: number) => (await api.get(`/reports/margin?days=${days}`).expect(200)).body.data;
    const week = await margin(7);
    expect(week).toMatchObject({ revenue: 80, cogs: 20.5, gross_margin: 59.5, margin_percent: 74.38 });
    expect(week.products).toEqual([
      { product_id: a.id, name: 'Apples', quantity: 6, revenue: 60, cogs: 15, margin: 45 },
      { product_id: b.id, name: 'Bread', quantity: 1, revenue: 20, cogs: 5.5, margin: 14.5 },
    ]);
    const [{ n }] = await t.db.query(`SELECT count(*)::int AS n FROM analytics_daily_products WHERE business_id = $1 AND cost > 0`, [biz.business_id]);
    expect(n).toBe(2);

    // one apple of order 1 comes back: its day's rollup is corrected; revenue 40 -> 30, cost round(3 x 2.5) = 7.5
    await api.post(`/orders/${first.order_id}/returns`, { items: [{ sale_item_id: first.items[0].id, quantity: 1 }] }).expect(201);
    const after = await margin(7);
    // margin 52 / revenue 70 = 74.2857 %
    expect(after).toMatchObject({ revenue: 70, cogs: 18, gross_margin: 52, margin_percent: 74.29 });
    expect(after.products[0]).toEqual({ product_id: a.id, name: 'Apples', quantity: 5, revenue: 50, cogs: 12.5, margin: 37.5 });
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
