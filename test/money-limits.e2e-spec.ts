import { apiAs, createBusiness, startTestApp, TestApp, TestBusiness } from './helpers/test-app';
import { earlier } from './helpers/earlier-time';

/**
 * Money at the limits: 101 orders of the largest total a sale may have (999,999,999,999.99), all on
 * one day and from one customer. The sums pass every per-row limit: the customer's total_spent, the
 * analytics rollups (live and rolled up for a closed day) and the finance summary hold them exactly,
 * and the JSON carries them as exact numbers (100999999999998.99 has 17 significant digits, more
 * than a double holds, so it must be written from the decimal, not from a float).
 */
const MAX = '999999999999.99';
const ORDERS = 101;
const SUM = '100999999999998.99';

describe('money at the limits', () => {
  let t: TestApp;
  let biz: TestBusiness;
  let customerId: string;

  beforeAll(async () => {
    t = await startTestApp();
    biz = await createBusiness(t, 'Big Spender Shop');
    const api = apiAs(t, biz);
    const product = (await api.post('/products', { name: 'Island', price: Number(MAX) }).expect(201)).body.data.id as string;
    await api.post('/stock/adjustments', { product_id: product, quantity: ORDERS, reason: 'restock' }).expect(201);
    for (let i = 0; i < ORDERS; i++) {
      const res = await api.post('/orders', { customer: { email: 'whale@example.com' }, items: [{ product_id: product, quantity: 1 }] });
      expect({ order: i, status: res.status, error: res.body.error }).toEqual({ order: i, status: 201, error: undefined });
      customerId = res.body.data.customer_id as string;
    }
    // the analytics day: three days ago, so it is a closed day that gets rolled up
    await t.db.query(`UPDATE sales SET created_at = ${earlier('created_at', "interval '3 days'")} WHERE business_id = $1`, [biz.business_id]);
  }, 120000);
  afterAll(() => t.close());

  /** The raw JSON text holds the exact decimal at that field. */
  const exactIn = (text: string, field: string, value: string) => expect(text).toContain(`"${field}":${value}`);

  it('a customer at any total_spent can still buy, and GET /customers/:id shows the exact sum', async () => {
    const res = await apiAs(t, biz).get(`/customers/${customerId}`).expect(200);
    exactIn(res.text, 'total_spent', SUM);
    expect(res.body.data.total_orders).toBe(ORDERS);
  });

  it('analytics revenue, dashboard and top-products hold the exact sums, built and read from the rollup', async () => {
    const api = apiAs(t, biz);
    for (const round of ['built', 'read from the rollup']) {
      const revenue = await api.get('/analytics/revenue?days=7').expect(200);
      expect({ round, points: (revenue.body as { orders: number }[]).filter((p) => p.orders > 0).length }).toEqual({ round, points: 1 });
      exactIn(revenue.text, 'revenue', SUM);
      const dashboard = await api.get('/analytics/dashboard?days=7').expect(200);
      exactIn(dashboard.text, 'total', SUM);
      exactIn(dashboard.text, 'avg_order_value', MAX);
      const top = await api.get('/analytics/top-products?days=7').expect(200);
      exactIn(top.text, 'total_revenue', SUM);
      expect(top.body[0].total_sold).toBe(ORDERS);
    }
  });

  it('the finance summary prints the exact income', async () => {
    const res = await apiAs(t, biz).get('/finance/summary?days=30').expect(200);
    exactIn(res.text, 'income', SUM);
    exactIn(res.text, 'net', SUM);
  });
});
