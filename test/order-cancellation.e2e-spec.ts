import { randomUUID } from 'crypto';
import { verifyLedgers } from '../src/modules/verify/verify-ledgers';
import { orderStateOf, SeedProduct, seedProduct, stockOf } from './helpers/orders-fixtures';
import { runCli } from './helpers/processes';
import { createBusiness, startTestApp, TestApp, TestBusiness } from './helpers/test-app';
import { earlier } from './helpers/earlier-time';

const TZ = 'Europe/Berlin';

describe('POST /orders/:id/cancel (docs/api.md 5)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const api = (biz: TestBusiness) => {
    const get = async (path: string) => (await t.http().get(`/api/v1${path}`).set(biz.auth).expect(200)).body;
    return {
      order: async (body: object) => (await t.http().post('/api/v1/orders').set(biz.auth).send(body).expect(201)).body.data,
      cancel: (id: string, body: object = {}, key?: string) => {
        const req = t.http().post(`/api/v1/orders/${id}/cancel`).set(biz.auth);
        if (key) req.set('Idempotency-Key', key);
        return req.send(body);
      },
      get,
      loyalty: async (customerId: string) => ({ balance: await get(`/loyalty/${customerId}`), history: await get(`/loyalty/${customerId}/history`) }),
      customer: async (id: string) => {
        const c = (await get(`/customers/${id}`)).data;
        return { total_spent: c.total_spent, total_orders: c.total_orders, last_purchase_date: c.last_purchase_date, loyalty_balance: c.loyalty_balance };
      },
      analytics: async (days: number) => [
        await get(`/analytics/dashboard?days=${days}`),
        await get(`/analytics/revenue?days=${days}`),
        await get(`/analytics/top-products?days=${days}`),
        await get(`/analytics/customers?days=${days}`),
      ],
      redeem: (customerId: string, points: number) =>
        t.http().post('/api/v1/loyalty/redeem').set(biz.auth).send({ customer_id: customerId, points }).expect(201),
    };
  };
  /** A product whose stock entered through an adjustment, so the movement ledger accounts for it (verify). */
  const stocked = async (biz: TestBusiness, options: Omit<SeedProduct, 'stock'> & { stock?: number } = {}) => {
    const id = await seedProduct(t, biz, { ...options, stock: null });
    const quantity = options.stock ?? 100;
    await t.http().post('/api/v1/stock/adjustments').set(biz.auth).send({ product_id: id, quantity, reason: 'restock' }).expect(201);
    return id;
  };
  const stockLevels = (biz: TestBusiness) =>
    t.db.query(`SELECT warehouse_id, product_id, quantity FROM stock_levels WHERE business_id = $1 ORDER BY warehouse_id, product_id`, [biz.business_id]);
  const financeOf = (biz: TestBusiness, saleId: string) =>
    t.db.query(
      `SELECT type, category, amount, description, sale_id, invoice_id FROM finance_transactions WHERE business_id = $1 AND sale_id = $2 ORDER BY created_at`,
      [biz.business_id, saleId],
    );
  const verified = async (biz: TestBusiness) => {
    const report = await verifyLedgers(t.db, biz.business_id);
    expect(report.drift).toEqual([]);
    expect(report.ok).toBe(true);
  };

  it('reverses the sale exactly: stock, loyalty balance and history, customer totals, invoice, finance refund, analytics, the orders list', async () => {
    const biz = await createBusiness(t, 'Cancel Shop', { timezone: TZ });
    const a = api(biz);
    const mug = await stocked(biz, { name: 'Mug', sku: 'MUG', price: '19.99', stock: 10 });
    const tea = await stocked(biz, { name: 'Tea', sku: 'TEA', price: '5.25', stock: 3, minStock: '2' });
    const ann = { name: 'Ann', email: 'ann@shop.test' };
    const kept = await a.order({ customer: ann, items: [{ product_id: mug, quantity: 1 }] });
    const customerId = kept.customer_id;
    const before = {
      stock: await stockLevels(biz),
      loyalty: await a.loyalty(customerId),
      customer: await a.customer(customerId),
      analytics: await a.analytics(30),
    };

    const sold = await a.order({
      customer: ann,
      items: [
        { product_id: mug, quantity: 2 },
        { product_id: tea, quantity: 1.5, discount: 0.5 },
      ],
      tax_amount: 3.1,
      shipping_amount: 4.99,
      send_invoice: true,
    });
    // 39.98 + 7.38 = 47.36 ; + 3.10 + 4.99 = 55.45 -> 55 points
    expect(sold).toMatchObject({ total: 55.45, loyalty_points_earned: 55, invoice_number: 'INV-0001' });
    expect((await a.analytics(30))[0]).not.toEqual(before.analytics[0]);

    const res = await a.cancel(sold.order_id, { reason: 'Customer changed their mind' }).expect(200);
    expect(res.body).toEqual({ success: true, data: { ...sold, status: 'cancelled', payment_status: 'refunded', refunded_amount: sold.total } });
    expect((await a.get(`/orders/${sold.order_id}`)).data).toEqual(res.body.data);

    expect(await stockLevels(biz)).toEqual(before.stock);
    expect(await stockOf(t, biz, tea)).toBe('3.000');
    const movements = await t.db.query(
      `SELECT product_id, warehouse_id, type, quantity, quantity_after FROM stock_movements WHERE business_id = $1 AND sale_id = $2 AND type = 'cancel' ORDER BY product_id`,
      [biz.business_id, sold.order_id],
    );
    expect(movements).toEqual(
      [
        { product_id: mug, warehouse_id: biz.warehouse_id, type: 'cancel', quantity: '2.000', quantity_after: '9.000' },
        { product_id: tea, warehouse_id: biz.warehouse_id, type: 'cancel', quantity: '1.500', quantity_after: '3.000' },
      ].sort((x, y) => x.product_id.localeCompare(y.product_id)),
    );

    const loyalty = await a.loyalty(customerId);
    expect(loyalty.balance).toEqual(before.loyalty.balance);
    expect(loyalty.balance).toEqual({ customer_id: customerId, balance: 19, lifetime_earned: 19, lifetime_redeemed: 0 });
    expect(loyalty.history).toEqual([
      {
        id: expect.any(String),
        type: 'reverse',
        points: -55,
        sale_id: sold.order_id,
        description: `Points reversed for cancelled order ${sold.order_number}`,
        created_at: expect.any(String),
      },
      {
        id: sold.loyalty_transaction_id,
        type: 'earn',
        points: 55,
        sale_id: sold.order_id,
        description: `Points earned on order ${sold.order_number}`,
        created_at: sold.created_at,
      },
      ...before.loyalty.history,
    ]);
    expect(await a.customer(customerId)).toEqual(before.customer);
    expect(before.customer).toEqual({ total_spent: 19.99, total_orders: 1, last_purchase_date: kept.created_at, loyalty_balance: 19 });

    expect((await a.get(`/invoices/${sold.invoice_id}`)).data).toMatchObject({ status: 'cancelled', sale_id: sold.order_id, total: 55.45 });
    expect(await financeOf(biz, sold.order_id)).toEqual([
      { type: 'income', category: 'sales', amount: '55.45', description: `Order ${sold.order_number}`, sale_id: sold.order_id, invoice_id: sold.invoice_id },
      {
        type: 'refund',
        category: 'sales',
        amount: '55.45',
        description: `Refund of cancelled order ${sold.order_number}`,
        sale_id: sold.order_id,
        invoice_id: sold.invoice_id,
      },
    ]);
    const [sale] = await t.db.query(`SELECT cancel_reason, cancelled_at FROM sales WHERE id = $1`, [sold.order_id]);
    expect(sale.cancel_reason).toBe('Customer changed their mind');

    expect(await a.analytics(30)).toEqual(before.analytics);
    const cancelledList = await a.get('/orders?status=cancelled');
    expect(cancelledList.data.map((o: { order_id: string }) => o.order_id)).toEqual([sold.order_id]);
    expect(cancelledList.meta.total).toBe(1);
    expect((await a.get('/orders?status=completed')).data.map((o: { order_id: string }) => o.order_id)).toEqual([kept.order_id]);

    const [event] = await t.db.query(`SELECT data FROM outbox_events WHERE business_id = $1 AND type = 'sale.cancelled'`, [biz.business_id]);
    expect(event.data).toEqual({
      sale_id: sold.order_id,
      sale_number: sold.order_number,
      total: 55.45,
      customer_id: customerId,
      reason: 'Customer changed their mind',
      restocked: true,
      points_reversed: 55,
      refund_amount: 55.45,
      invoice_id: sold.invoice_id,
      cancelled_at: sale.cancelled_at.toISOString(),
    });
    await verified(biz);
    const cli = await runCli(['verify', '--business', biz.business_id], { ...process.env, DATABASE_URL: t.databaseUrl, LOG_LEVEL: 'error' });
    expect(cli.code).toBe(0);
    expect(JSON.parse(cli.stdout.trim())).toMatchObject({ ok: true, drift: [] });
  });

  it('a second cancel is 409; another business, unknown ids and bad bodies are 404 / 400; none of them writes anything', async () => {
    const biz = await createBusiness(t);
    const other = await createBusiness(t, 'Other Shop');
    const a = api(biz);
    const product = await stocked(biz);
    const o = await a.order({ customer: { email: 'x@shop.test' }, items: [{ product_id: product, quantity: 1 }] });
    await a.cancel(o.order_id).expect(200);
    const state = await orderStateOf(t, biz.business_id);

    const again = await a.cancel(o.order_id).expect(409);
    expect(again.body.error).toMatchObject({ code: 'INVALID_STATUS_TRANSITION', details: [{ from: 'cancelled', to: 'cancelled' }] });
    const keep = await a.order({ items: [{ product_id: product, quantity: 1 }] });
    const state2 = await orderStateOf(t, biz.business_id);
    expect((await api(other).cancel(keep.order_id).expect(404)).body.error.code).toBe('NOT_FOUND');
    await a.cancel(randomUUID()).expect(404);
    await a.cancel('S-0001').expect(400);
    expect((await a.cancel(keep.order_id, { restock: 'no' }).expect(400)).body.error.details[0].field).toBe('restock');
    expect((await a.cancel(keep.order_id, { reason: 5 }).expect(400)).body.error.details[0].field).toBe('reason');
    expect((await a.cancel(keep.order_id, { refund: false }).expect(400)).body.error.details[0].field).toBe('refund');
    expect(await orderStateOf(t, biz.business_id)).toEqual(state2);
    expect((state2 as { counts: { sales: number } }).counts.sales).toBe((state as { counts: { sales: number } }).counts.sales + 1);
    expect((await a.get(`/orders/${keep.order_id}`)).data.status).toBe('completed');
    await verified(biz);
  });

  it('restock: false leaves the stock out (no cancel movement); everything else is reversed', async () => {
    const biz = await createBusiness(t);
    const a = api(biz);
    const product = await stocked(biz, { price: '10.00', stock: 5 });
    const o = await a.order({ customer: { email: 'damaged@shop.test' }, items: [{ product_id: product, quantity: 2 }] });
    await a.cancel(o.order_id, { restock: false }).expect(200);
    expect(await stockOf(t, biz, product)).toBe('3.000');
    expect(await t.db.query(`SELECT count(*)::int AS n FROM stock_movements WHERE business_id = $1 AND type = 'cancel'`, [biz.business_id])).toEqual([
      { n: 0 },
    ]);
    expect(await a.customer(o.customer_id)).toEqual({ total_spent: 0, total_orders: 0, last_purchase_date: null, loyalty_balance: 0 });
    expect((await a.loyalty(o.customer_id)).balance).toEqual({ customer_id: o.customer_id, balance: 0, lifetime_earned: 0, lifetime_redeemed: 0 });
    expect((await financeOf(biz, o.order_id)).map((f: { type: string; amount: string }) => [f.type, f.amount])).toEqual([
      ['income', '20.00'],
      ['refund', '20.00'],
    ]);
    const [event] = await t.db.query(`SELECT data FROM outbox_events WHERE business_id = $1 AND type = 'sale.cancelled'`, [biz.business_id]);
    expect(event.data).toMatchObject({ restocked: false, points_reversed: 20, reason: null, invoice_id: null });
    await verified(biz);
  });

  it('points already redeemed are not taken twice: the reversal stops at the balance, which never goes below 0', async () => {
    const biz = await createBusiness(t);
    const a = api(biz);
    const product = await stocked(biz, { price: '100.00' });
    const o = await a.order({ customer: { email: 'spender@shop.test' }, items: [{ product_id: product, quantity: 1 }] });
    await a.redeem(o.customer_id, 80);
    const res = await a.cancel(o.order_id).expect(200);
    expect(res.body.data.status).toBe('cancelled');
    const loyalty = await a.loyalty(o.customer_id);
    expect(loyalty.balance).toEqual({ customer_id: o.customer_id, balance: 0, lifetime_earned: 80, lifetime_redeemed: 80 });
    expect(loyalty.history.map((x: { type: string; points: number }) => [x.type, x.points])).toEqual([
      ['reverse', -20],
      ['redeem', -80],
      ['earn', 100],
    ]);
    await verified(biz);
  });

  it("recomputes the customer's last purchase from the remaining completed orders; a walk-in order cancels too", async () => {
    const biz = await createBusiness(t);
    const a = api(biz);
    const product = await stocked(biz, { price: '7.50', stock: 50 });
    const who = { customer: { email: 'bea@shop.test' } };
    const o1 = await a.order({ ...who, items: [{ product_id: product, quantity: 1 }] });
    const o2 = await a.order({ ...who, items: [{ product_id: product, quantity: 2 }] });
    const o3 = await a.order({ ...who, items: [{ product_id: product, quantity: 4 }] });
    await a.cancel(o2.order_id).expect(200);
    expect(await a.customer(o1.customer_id)).toEqual({ total_spent: 37.5, total_orders: 2, last_purchase_date: o3.created_at, loyalty_balance: 37 });
    await a.cancel(o3.order_id).expect(200);
    expect(await a.customer(o1.customer_id)).toEqual({ total_spent: 7.5, total_orders: 1, last_purchase_date: o1.created_at, loyalty_balance: 7 });
    await a.cancel(o1.order_id).expect(200);
    expect(await a.customer(o1.customer_id)).toEqual({ total_spent: 0, total_orders: 0, last_purchase_date: null, loyalty_balance: 0 });

    const walkIn = await a.order({ items: [{ product_id: product, quantity: 3 }] });
    expect((await a.cancel(walkIn.order_id).expect(200)).body.data).toMatchObject({ status: 'cancelled', customer_id: null });
    expect(await stockOf(t, biz, product)).toBe('50.000');
    await verified(biz);
  });

  it('a sale of a closed, rolled-up day leaves the analytics once cancelled (dashboard, revenue, top products)', async () => {
    const biz = await createBusiness(t, 'Closed Day', { timezone: TZ });
    const a = api(biz);
    const coffee = await stocked(biz, { name: 'Coffee', sku: 'COF', price: '12.40', stock: 100 });
    const grinder = await stocked(biz, { name: 'Grinder', sku: 'GRI', price: '89.98', stock: 100 });
    const kept = await a.order({ items: [{ product_id: coffee, quantity: 2 }] });
    const gone = await a.order({
      items: [
        { product_id: grinder, quantity: 1 },
        { product_id: coffee, quantity: 1 },
      ],
    });
    await t.db.query(`UPDATE sales SET created_at = ${earlier('created_at', "interval '3 days'")} WHERE business_id = $1`, [biz.business_id]);
    const [{ day }] = await t.db.query(`SELECT ((now() - interval '3 days') AT TIME ZONE $1)::date::text AS day`, [TZ]);
    const point = async () => (await a.get('/analytics/revenue?days=7')).find((p: { date: string }) => p.date === day);

    const [dashboard] = await a.analytics(7); // rolls the closed day up with both sales
    expect(dashboard.data.revenue).toEqual({ total: 127.18, orders: 2, avg_order_value: 63.59 });
    expect(await point()).toEqual({ date: day, revenue: 127.18, orders: 2 });
    const rolled = await t.db.query(`SELECT orders, revenue FROM analytics_daily_sales WHERE business_id = $1 AND day = $2`, [biz.business_id, day]);
    expect(rolled).toEqual([{ orders: 2, revenue: '127.18' }]);

    await a.cancel(gone.order_id).expect(200);
    const [after, , top] = await a.analytics(7);
    expect(after.data.revenue).toEqual({ total: kept.total, orders: 1, avg_order_value: kept.total });
    expect(await point()).toEqual({ date: day, revenue: 24.8, orders: 1 });
    expect(top).toEqual([{ product_id: coffee, name: 'Coffee', sku: 'COF', total_sold: 2, total_revenue: 24.8 }]);
  });

  it('concurrent cancels of one order: one succeeds, the others are 409; one refund, one reversal', async () => {
    const biz = await createBusiness(t);
    const a = api(biz);
    const product = await stocked(biz, { price: '30.00', stock: 10 });
    const o = await a.order({ customer: { email: 'race@shop.test' }, items: [{ product_id: product, quantity: 1 }], send_invoice: true });
    const results = await Promise.all(Array.from({ length: 5 }, () => a.cancel(o.order_id)));
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409]);
    expect(await stockOf(t, biz, product)).toBe('10.000');
    expect((await financeOf(biz, o.order_id)).map((f: { type: string }) => f.type)).toEqual(['income', 'refund']);
    expect((await a.loyalty(o.customer_id)).history.map((x: { type: string }) => x.type)).toEqual(['reverse', 'earn']);
    await verified(biz);
  });

  it('cancellations racing new orders and redemptions of the same customer leave consistent totals and ledgers', async () => {
    const biz = await createBusiness(t);
    const a = api(biz);
    const p1 = await stocked(biz, { price: '10.00', stock: 1000 });
    const p2 = await stocked(biz, { price: '3.50', stock: 1000 });
    const who = { customer: { email: 'busy@shop.test' } };
    const lines = [
      { product_id: p1, quantity: 1 },
      { product_id: p2, quantity: 2 },
    ];
    const first = await Promise.all(Array.from({ length: 6 }, () => a.order({ ...who, items: lines })));
    const customerId = first[0].customer_id;
    const results = await Promise.all([
      ...first.slice(0, 4).map((o) => a.cancel(o.order_id)),
      ...Array.from({ length: 4 }, () =>
        t
          .http()
          .post('/api/v1/orders')
          .set(biz.auth)
          .send({ ...who, items: [...lines].reverse() }),
      ),
      ...Array.from({ length: 3 }, () => t.http().post('/api/v1/loyalty/redeem').set(biz.auth).send({ customer_id: customerId, points: 5 })),
    ]);
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 201, 201, 201, 201, 201, 201, 201]);
    // 6 completed orders of 17.00 remain (2 first ones and 4 new): 102.00; 6 x 17 points - 15 redeemed
    expect(await a.customer(customerId)).toMatchObject({ total_spent: 102, total_orders: 6, loyalty_balance: 87 });
    expect(await stockOf(t, biz, p1)).toBe('994.000');
    expect(await stockOf(t, biz, p2)).toBe('988.000');
    const [last] = await t.db.query(`SELECT max(created_at) AS at FROM sales WHERE business_id = $1 AND customer_id = $2 AND status = 'completed'`, [
      biz.business_id,
      customerId,
    ]);
    expect((await a.customer(customerId)).last_purchase_date).toBe(last.at.toISOString());
    await verified(biz);
  });

  it('honours Idempotency-Key: the retry replays the 200 instead of a 409', async () => {
    const biz = await createBusiness(t);
    const a = api(biz);
    const product = await stocked(biz);
    const o = await a.order({ items: [{ product_id: product, quantity: 1 }] });
    const first = await a.cancel(o.order_id, { reason: 'dup' }, 'cancel-1').expect(200);
    const replay = await a.cancel(o.order_id, { reason: 'dup' }, 'cancel-1').expect(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.text).toBe(first.text);
    expect((await financeOf(biz, o.order_id)).map((f: { type: string }) => f.type)).toEqual(['income', 'refund']);
  });

  it('verify checks the refunds: a cancelled order without its refund, or a completed one with a refund, is drift', async () => {
    const biz = await createBusiness(t);
    const a = api(biz);
    const product = await stocked(biz, { price: '12.00' });
    const cancelled = await a.order({ items: [{ product_id: product, quantity: 1 }] });
    const completed = await a.order({ items: [{ product_id: product, quantity: 2 }] });
    await a.cancel(cancelled.order_id).expect(200);
    await verified(biz);
    await t.db.query(`DELETE FROM finance_transactions WHERE business_id = $1 AND sale_id = $2 AND type = 'refund'`, [biz.business_id, cancelled.order_id]);
    await t.db.query(
      `INSERT INTO finance_transactions (business_id, type, category, amount, sale_id, occurred_on) VALUES ($1, 'refund', 'sales', 5, $2, current_date)`,
      [biz.business_id, completed.order_id],
    );
    const report = await verifyLedgers(t.db, biz.business_id);
    expect(report.ok).toBe(false);
    expect(report.drift).toEqual(
      expect.arrayContaining([
        { kind: 'order_refund', business_id: biz.business_id, order_id: cancelled.order_id, expected: 12, actual: 0 },
        { kind: 'order_refund', business_id: biz.business_id, order_id: completed.order_id, expected: 0, actual: 5 },
        // its returns (none) and its cancellation's refund (gone) no longer make its refunded amount
        { kind: 'order_returns_refunded', business_id: biz.business_id, order_id: cancelled.order_id, expected: 0, actual: 12 },
      ]),
    );
    expect(report.drift).toHaveLength(3);
  });
});
