import { seedProduct, stockOf } from './helpers/orders-fixtures';
import { createBusiness, startTestApp, TestApp } from './helpers/test-app';

describe('POST /orders under concurrency', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp({ dbPoolMax: 20 });
  });
  afterAll(() => t.close());

  it('30 parallel orders for a product with stock 10: exactly 10 succeed, S-0001..S-0010, stock 0', async () => {
    const biz = await createBusiness(t);
    const product = await seedProduct(t, biz, { price: '2.50', stock: '10' });
    const responses = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        t
          .http()
          .post('/api/v1/orders')
          .set(biz.auth)
          .send({ items: [{ product_id: product, quantity: 1 }], send_invoice: i % 2 === 0 }),
      ),
    );
    const ok = responses.filter((r) => r.status === 201);
    const refused = responses.filter((r) => r.status !== 201);
    expect(ok).toHaveLength(10);
    expect(refused.map((r) => [r.status, r.body.error.code])).toEqual(Array.from({ length: 20 }, () => [422, 'INSUFFICIENT_STOCK']));
    expect(ok.map((r) => r.body.data.order_number).sort()).toEqual(Array.from({ length: 10 }, (_, i) => `S-${String(i + 1).padStart(4, '0')}`));
    expect(await stockOf(t, biz, product)).toBe('0.000');

    const bid = biz.business_id;
    const [sales] = await t.db.query(`SELECT count(*)::int AS n, min(number)::int AS lo, max(number)::int AS hi FROM sales WHERE business_id = $1`, [bid]);
    expect(sales).toEqual({ n: 10, lo: 1, hi: 10 });
    const movements = await t.db.query(`SELECT quantity_after FROM stock_movements WHERE business_id = $1 ORDER BY quantity_after DESC`, [bid]);
    expect(movements.map((m: { quantity_after: string }) => m.quantity_after)).toEqual([
      '9.000',
      '8.000',
      '7.000',
      '6.000',
      '5.000',
      '4.000',
      '3.000',
      '2.000',
      '1.000',
      '0.000',
    ]);
    // invoices were asked for by some of the winners: their numbers are gapless too
    const invoices = await t.db.query(`SELECT number::int AS n FROM invoices WHERE business_id = $1 ORDER BY number`, [bid]);
    const asked = ok.filter((r) => r.body.data.invoice_id !== null).length;
    expect(invoices.map((i: { n: number }) => i.n)).toEqual(Array.from({ length: asked }, (_, i) => i + 1));
    const counters = await t.db.query(`SELECT name, value::int AS value FROM business_counters WHERE business_id = $1 AND name <> 'sku' ORDER BY name`, [bid]);
    expect(counters).toEqual([
      { name: 'credit_note', value: 0 },
      { name: 'invoice', value: asked },
      { name: 'purchase_order', value: 0 },
      { name: 'receipt', value: 0 },
      { name: 'return', value: 0 },
      { name: 'sale', value: 10 },
      { name: 'stock_count', value: 0 },
      { name: 'transfer', value: 0 },
    ]);
    const [events] = await t.db.query(`SELECT count(*)::int AS n FROM outbox_events WHERE business_id = $1 AND type = 'sale.completed'`, [bid]);
    expect(events.n).toBe(10);
  });

  it('10 parallel first orders from one new email: one customer with total_orders 10', async () => {
    const biz = await createBusiness(t);
    const product = await seedProduct(t, biz, { price: '1.25', stock: '100' });
    const responses = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        t
          .http()
          .post('/api/v1/orders')
          .set(biz.auth)
          .send({ customer: { name: `Buyer ${i}`, email: i % 2 ? 'Rush@Shop.test' : 'rush@shop.test ' }, items: [{ product_id: product, quantity: 4 }] }),
      ),
    );
    expect(responses.map((r) => r.status)).toEqual(Array.from({ length: 10 }, () => 201));
    const ids = new Set(responses.map((r) => r.body.data.customer_id));
    expect(ids.size).toBe(1);
    const customers = await t.db.query(`SELECT id, total_orders, total_spent FROM customers WHERE business_id = $1`, [biz.business_id]);
    expect(customers).toEqual([{ id: [...ids][0], total_orders: 10, total_spent: '50.00' }]);
    const [account] = await t.db.query(`SELECT balance, lifetime_earned FROM loyalty_accounts WHERE business_id = $1`, [biz.business_id]);
    expect(account).toEqual({ balance: '50', lifetime_earned: '50' });
    const [created] = await t.db.query(`SELECT count(*)::int AS n FROM outbox_events WHERE business_id = $1 AND type = 'customer.created'`, [biz.business_id]);
    expect(created.n).toBe(1);
  });

  it('parallel orders over shared products in opposite line orders do not deadlock', async () => {
    const biz = await createBusiness(t);
    const a = await seedProduct(t, biz, { stock: '1000' });
    const b = await seedProduct(t, biz, { stock: '1000' });
    const c = await seedProduct(t, biz, { stock: '1000' });
    const orders = [
      [a, b, c],
      [c, b, a],
      [b, c, a],
      [c, a, b],
    ];
    const responses = await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        t
          .http()
          .post('/api/v1/orders')
          .set(biz.auth)
          .send({
            customer: { email: `c${i % 3}@shop.test` },
            send_invoice: i % 2 === 0,
            items: orders[i % 4].map((product_id) => ({ product_id, quantity: 1 })),
          }),
      ),
    );
    expect(responses.map((r) => r.status)).toEqual(Array.from({ length: 24 }, () => 201));
    expect([await stockOf(t, biz, a), await stockOf(t, biz, b), await stockOf(t, biz, c)]).toEqual(['976.000', '976.000', '976.000']);
    const customers = await t.db.query(`SELECT total_orders FROM customers WHERE business_id = $1 ORDER BY email`, [biz.business_id]);
    expect(customers.map((c: { total_orders: number }) => c.total_orders)).toEqual([8, 8, 8]);
  });
});
