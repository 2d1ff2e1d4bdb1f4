import { randomUUID } from 'crypto';
import { verifyLedgers } from '../src/modules/verify/verify-ledgers';
import { orderStateOf, SeedProduct, seedProduct, stockOf } from './helpers/orders-fixtures';
import { createBusiness, ISO_MS, startTestApp, TestApp, TestBusiness } from './helpers/test-app';
import { earlier } from './helpers/earlier-time';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('Returns, refunds and credit notes (docs/api.md 12)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const api = (biz: TestBusiness) => {
    const get = async (path: string) => (await t.http().get(`/api/v1${path}`).set(biz.auth).expect(200)).body;
    return {
      get,
      order: async (body: object) => (await t.http().post('/api/v1/orders').set(biz.auth).send(body).expect(201)).body.data,
      returnOf: (orderId: string, body: object, key?: string) => {
        const req = t.http().post(`/api/v1/orders/${orderId}/returns`).set(biz.auth);
        if (key) req.set('Idempotency-Key', key);
        return req.send(body);
      },
      cancel: (orderId: string, body: object = {}) => t.http().post(`/api/v1/orders/${orderId}/cancel`).set(biz.auth).send(body),
      customer: async (id: string) => {
        const c = (await get(`/customers/${id}`)).data;
        return { total_spent: c.total_spent, total_orders: c.total_orders, loyalty_balance: c.loyalty_balance };
      },
    };
  };
  /** A product whose stock entered through an adjustment, so the movement ledger accounts for it (verify). */
  const stocked = async (biz: TestBusiness, options: Omit<SeedProduct, 'stock'> & { stock?: number } = {}) => {
    const id = await seedProduct(t, biz, { ...options, stock: null });
    await t
      .http()
      .post('/api/v1/stock/adjustments')
      .set(biz.auth)
      .send({ product_id: id, quantity: options.stock ?? 100, reason: 'restock' })
      .expect(201);
    return id;
  };
  const verified = async (biz: TestBusiness) => {
    const report = await verifyLedgers(t.db, biz.business_id);
    expect(report.drift).toEqual([]);
    expect(report.ok).toBe(true);
  };
  const refundsOf = (biz: TestBusiness, saleId: string) =>
    t.db.query(
      `SELECT amount, description, invoice_id FROM finance_transactions WHERE business_id = $1 AND sale_id = $2 AND type = 'refund' ORDER BY created_at`,
      [biz.business_id, saleId],
    );

  describe('a three-line order with tax, shipping and an order discount, returned in three steps', () => {
    // A 3 x 19.99 = 59.97 ; B 1.5 x 45.50 = 68.25 ; C 4 x 5.25 - 1.00 = 20.00 ; subtotal 148.22
    // total = 148.22 + 11.87 tax + 6.50 shipping - 10.00 discount = 156.59 ; 156 points
    let biz: TestBusiness;
    let a: ReturnType<typeof api>;
    let order: any;
    let annex: string;
    let A: string, B: string, C: string;
    const line = (productId: string) => order.items.find((i: any) => i.product_id === productId).id;

    beforeAll(async () => {
      biz = await createBusiness(t, 'Returns Shop', { timezone: 'Europe/Berlin' });
      a = api(biz);
      A = await stocked(biz, { name: 'Mug', sku: 'MUG', price: '19.99', stock: 10 });
      B = await stocked(biz, { name: 'Tea', sku: 'TEA', price: '45.50', stock: 5 });
      C = await stocked(biz, { name: 'Cake', sku: 'CAKE', price: '5.25', stock: 10, minStock: '7' });
      annex = (await t.http().post('/api/v1/warehouses').set(biz.auth).send({ name: 'Annex' }).expect(201)).body.data.id;
      order = await a.order({
        customer: { name: 'Ann', email: 'ann@returns.test' },
        items: [
          { product_id: A, quantity: 3 },
          { product_id: B, quantity: 1.5 },
          { product_id: C, quantity: 4, discount: 1 },
        ],
        tax_amount: 11.87,
        shipping_amount: 6.5,
        discount_amount: 10,
        send_invoice: true,
      });
      expect(order.total).toBe(156.59);
      expect(order.loyalty_points_earned).toBe(156);
      // the sale happened three days ago: its day is closed, so analytics read it from a rollup
      await t.db.query(`UPDATE sales SET created_at = ${earlier('created_at', "interval '3 days'")} WHERE id = $1`, [order.order_id]);
    });

    const analytics = async () => {
      const dashboard = (await a.get('/analytics/dashboard?days=7')).data;
      const revenue = await a.get('/analytics/revenue?days=7');
      const top = await a.get('/analytics/top-products?days=7&sort=quantity');
      return {
        revenue: dashboard.revenue.total,
        orders: dashboard.revenue.orders,
        days: revenue.filter((d: any) => d.orders > 0 || d.revenue > 0).map((d: any) => [d.revenue, d.orders]),
        sold: Object.fromEntries(top.map((p: any) => [p.sku, [p.total_sold, p.total_revenue]])),
      };
    };

    it('before any return: analytics count the whole order (rolled up)', async () => {
      expect(await analytics()).toEqual({
        revenue: 156.59,
        orders: 1,
        days: [[156.59, 1]],
        sold: { MUG: [3, 59.97], TEA: [1.5, 68.25], CAKE: [4, 20] },
      });
      const [{ n }] = await t.db.query(`SELECT count(*)::int AS n FROM analytics_daily_sales WHERE business_id = $1 AND orders > 0`, [biz.business_id]);
      expect(n).toBe(1);
    });

    it('step 1: one mug (restocked) and one cake (not restocked)', async () => {
      const res = await a.returnOf(order.order_id, {
        items: [
          { sale_item_id: line(A), quantity: 1 },
          { sale_item_id: line(C), quantity: 1, restock: false },
        ],
        reason: 'damaged box',
      });
      expect(res.status).toBe(201);
      // A: round(59.97 x 1/3) = 19.99 ; C: round(20.00 x 1/4) = 5.00 ; G = 24.99
      // tax round(11.87 x 24.99 / 148.22) = round(2.0013) = 2.00 ; discount round(10 x 24.99 / 148.22) = round(1.6860) = 1.69
      // total 24.99 + 2.00 - 1.69 = 25.30 ; points floor(156 x 25.30 / 156.59) = floor(25.20) = 25
      expect(res.body).toEqual({
        success: true,
        data: {
          id: expect.stringMatching(UUID),
          return_number: 'R-0001',
          sale_id: order.order_id,
          sale_number: 'S-0001',
          items: [
            { sale_item_id: line(A), product_id: A, quantity: 1, restock: true, warehouse_id: biz.warehouse_id, amount: 19.99 },
            { sale_item_id: line(C), product_id: C, quantity: 1, restock: false, warehouse_id: null, amount: 5 },
          ],
          subtotal: 24.99,
          tax_amount: 2,
          tax_lines: [],
          discount_amount: 1.69,
          shipping_amount: 0,
          total: 25.3,
          points_reversed: 25,
          credit_note_id: expect.stringMatching(UUID),
          credit_note_number: 'CN-0001',
          reason: 'damaged box',
          created_by: { type: 'key', id: biz.key_id, name: 'Owner key' },
          created_at: expect.stringMatching(ISO_MS),
        },
      });
      const ret = res.body.data;
      expect((await a.get(`/returns/${ret.id}`)).data).toEqual(ret);

      const after = (await a.get(`/orders/${order.order_id}`)).data;
      expect(after).toMatchObject({ status: 'partially_returned', payment_status: 'partially_refunded', refunded_amount: 25.3 });
      expect(after.items.map((i: any) => i.returned_quantity)).toEqual([1, 0, 1]);
      expect(await a.customer(order.customer_id)).toEqual({ total_spent: 131.29, total_orders: 1, loyalty_balance: 131 });
      expect([await stockOf(t, biz, A), await stockOf(t, biz, B), await stockOf(t, biz, C)]).toEqual(['8.000', '3.500', '6.000']);

      const note = (await a.get(`/credit-notes/${ret.credit_note_id}`)).data;
      expect(note).toEqual({
        id: ret.credit_note_id,
        credit_note_number: 'CN-0001',
        invoice_id: order.invoice_id,
        invoice_number: 'INV-0001',
        return_id: ret.id,
        sale_id: order.order_id,
        customer_id: order.customer_id,
        items: [
          { sale_item_id: line(A), product_id: A, product_name: 'Mug', quantity: 1, amount: 19.99 },
          { sale_item_id: line(C), product_id: C, product_name: 'Cake', quantity: 1, amount: 5 },
        ],
        subtotal: 24.99,
        tax_amount: 2,
        tax_lines: [],
        discount_amount: 1.69,
        shipping_amount: 0,
        total: 25.3,
        created_by: { type: 'key', id: biz.key_id, name: 'Owner key' },
        created_at: expect.stringMatching(ISO_MS),
      });
      expect((await a.get(`/invoices/${order.invoice_id}`)).data.credited_amount).toBe(25.3);
      expect(await refundsOf(biz, order.order_id)).toEqual([
        { amount: '25.30', description: 'Refund of return R-0001 of order S-0001', invoice_id: order.invoice_id },
      ]);
      const history = await a.get(`/loyalty/${order.customer_id}/history`);
      expect(history[0]).toMatchObject({ type: 'reverse', points: -25, description: 'Points reversed on return R-0001' });

      expect(await analytics()).toEqual({
        revenue: 131.29,
        orders: 1,
        days: [[131.29, 1]],
        sold: { MUG: [2, 39.98], TEA: [1.5, 68.25], CAKE: [3, 15] },
      });
      await verified(biz);
    });

    it('step 2: half the tea into the annex and another mug', async () => {
      const res = await a
        .returnOf(order.order_id, {
          items: [
            { sale_item_id: line(B), quantity: 0.5, warehouse_id: annex },
            { sale_item_id: line(A), quantity: 1 },
          ],
        })
        .expect(201);
      // B: round(68.25 x 0.5/1.5) = 22.75 ; A: round(59.97 x 2/3) - 19.99 = 39.98 - 19.99 = 19.99 ; G = 39.98 + 22.75 + 5.00 = 67.73
      // tax round(11.87 x 67.73 / 148.22) = round(5.4241) = 5.42, minus 2.00 = 3.42
      // discount round(10 x 67.73 / 148.22) = round(4.5696) = 4.57, minus 1.69 = 2.88
      // total 42.74 + 3.42 - 2.88 = 43.28 ; refunded 68.58 ; points floor(156 x 68.58 / 156.59) = floor(68.32) = 68, minus 25 = 43
      expect(res.body.data).toMatchObject({
        return_number: 'R-0002',
        items: [
          { sale_item_id: line(B), product_id: B, quantity: 0.5, restock: true, warehouse_id: annex, amount: 22.75 },
          { sale_item_id: line(A), product_id: A, quantity: 1, restock: true, warehouse_id: biz.warehouse_id, amount: 19.99 },
        ],
        subtotal: 42.74,
        tax_amount: 3.42,
        discount_amount: 2.88,
        shipping_amount: 0,
        total: 43.28,
        points_reversed: 43,
        credit_note_number: 'CN-0002',
        reason: null,
      });
      const after = (await a.get(`/orders/${order.order_id}`)).data;
      expect(after).toMatchObject({ status: 'partially_returned', refunded_amount: 68.58 });
      expect(after.items.map((i: any) => i.returned_quantity)).toEqual([2, 0.5, 1]);
      expect(await a.customer(order.customer_id)).toEqual({ total_spent: 88.01, total_orders: 1, loyalty_balance: 88 });
      expect([await stockOf(t, biz, A), await stockOf(t, biz, B), await stockOf(t, biz, B, annex), await stockOf(t, biz, C)]).toEqual([
        '9.000',
        '3.500',
        '0.500',
        '6.000',
      ]);
      expect((await a.get(`/invoices/${order.invoice_id}`)).data.credited_amount).toBe(68.58);
      expect(await analytics()).toEqual({
        revenue: 88.01,
        orders: 1,
        days: [[88.01, 1]],
        sold: { MUG: [1, 19.99], TEA: [1, 45.5], CAKE: [3, 15] },
      });
      await verified(biz);
    });

    it('step 3: everything left, with the shipping: the refunds add up to the total to the cent', async () => {
      const res = await a
        .returnOf(order.order_id, {
          items: [
            { sale_item_id: line(A), quantity: 1 },
            { sale_item_id: line(B), quantity: 1 },
            { sale_item_id: line(C), quantity: 3 },
          ],
          refund_shipping: true,
        })
        .expect(201);
      // A 59.97 - 39.98 = 19.99 ; B 68.25 - 22.75 = 45.50 ; C 20.00 - 5.00 = 15.00 ; G = 148.22
      // tax 11.87 - 5.42 = 6.45 ; discount 10.00 - 4.57 = 5.43 ; shipping 6.50
      // total 80.49 + 6.45 - 5.43 + 6.50 = 88.01 ; points: everything refunded, 156 - 68 = 88
      expect(res.body.data).toMatchObject({
        return_number: 'R-0003',
        subtotal: 80.49,
        tax_amount: 6.45,
        discount_amount: 5.43,
        shipping_amount: 6.5,
        total: 88.01,
        points_reversed: 88,
        credit_note_number: 'CN-0003',
      });
      expect(res.body.data.items.map((i: any) => i.amount)).toEqual([19.99, 45.5, 15]);
      expect(25.3 * 100 + 43.28 * 100 + 88.01 * 100).toBeCloseTo(order.total * 100, 6);

      const after = (await a.get(`/orders/${order.order_id}`)).data;
      expect(after).toMatchObject({ status: 'returned', payment_status: 'refunded', refunded_amount: 156.59 });
      expect(after.items.map((i: any) => i.returned_quantity)).toEqual([3, 1.5, 4]);
      expect(await a.customer(order.customer_id)).toEqual({ total_spent: 0, total_orders: 1, loyalty_balance: 0 });
      expect([await stockOf(t, biz, A), await stockOf(t, biz, B), await stockOf(t, biz, B, annex), await stockOf(t, biz, C)]).toEqual([
        '10.000',
        '4.500',
        '0.500',
        '9.000',
      ]);
      expect((await a.get(`/invoices/${order.invoice_id}`)).data.credited_amount).toBe(156.59);
      expect((await refundsOf(biz, order.order_id)).map((r: any) => r.amount)).toEqual(['25.30', '43.28', '88.01']);
      const [{ sum }] = await t.db.query(`SELECT sum(amount)::text AS sum FROM finance_transactions WHERE business_id = $1 AND type = 'refund'`, [
        biz.business_id,
      ]);
      expect(sum).toBe('156.59');

      // a fully returned order counts like a cancelled one
      expect(await analytics()).toEqual({ revenue: 0, orders: 0, days: [], sold: {} });
      await verified(biz);
    });

    it("lists: the order's returns, all returns, credit notes by invoice; every list paged", async () => {
      const ofOrder = await a.get(`/orders/${order.order_id}/returns`);
      expect(ofOrder.data.map((r: any) => r.return_number)).toEqual(['R-0003', 'R-0002', 'R-0001']);
      expect(ofOrder.meta).toMatchObject({ total: 3, page: 1 });
      const all = await a.get('/returns?per_page=2');
      expect(all.data.map((r: any) => r.return_number)).toEqual(['R-0003', 'R-0002']);
      expect(all.meta).toMatchObject({ total: 3 });
      const notes = await a.get(`/credit-notes?invoice_id=${order.invoice_id}`);
      expect(notes.data.map((n: any) => [n.credit_note_number, n.total])).toEqual([
        ['CN-0003', 88.01],
        ['CN-0002', 43.28],
        ['CN-0001', 25.3],
      ]);
      expect((await a.get(`/credit-notes?invoice_id=${randomUUID()}`)).data).toEqual([]);
      const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(new Date());
      expect((await a.get(`/returns?from=${today}&to=${today}`)).meta.total).toBe(3);
      expect((await a.get(`/returns?from=2020-01-01&to=2020-01-02`)).data).toEqual([]);
    });

    it('sale.returned is in the events feed, with the final numbers', async () => {
      const events = (await a.get('/events?type=sale.returned')).data;
      expect(events.map((e: any) => e.data.return_number).sort()).toEqual(['R-0001', 'R-0002', 'R-0003']);
      const first = events.find((e: any) => e.data.return_number === 'R-0001');
      expect(first.data).toEqual({
        sale_id: order.order_id,
        sale_number: 'S-0001',
        return_id: expect.stringMatching(UUID),
        return_number: 'R-0001',
        total: 25.3,
        customer_id: order.customer_id,
        items: [
          { product_id: A, quantity: 1, restock: true },
          { product_id: C, quantity: 1, restock: false },
        ],
      });
    });

    it('a fully returned order cannot be returned or cancelled again (409), and that writes nothing', async () => {
      const before = await orderStateOf(t, biz.business_id);
      const again = await a.returnOf(order.order_id, { items: [{ sale_item_id: line(A), quantity: 1 }] }).expect(409);
      expect(again.body.error).toMatchObject({ code: 'INVALID_STATUS_TRANSITION', details: [{ from: 'returned', to: 'returned' }] });
      await a.cancel(order.order_id).expect(409);
      expect(await orderStateOf(t, biz.business_id)).toEqual(before);
    });
  });

  it('an order without an invoice or customer: no credit note, no points; shipping refunded once', async () => {
    const biz = await createBusiness(t, 'No Invoice Shop');
    const a = api(biz);
    const p = await stocked(biz, { price: '10.00', stock: 5 });
    const order = await a.order({ items: [{ product_id: p, quantity: 2 }], shipping_amount: 3 });
    const first = (await a.returnOf(order.order_id, { items: [{ sale_item_id: order.items[0].id, quantity: 1 }], refund_shipping: true }).expect(201)).body
      .data;
    expect(first).toMatchObject({ subtotal: 10, shipping_amount: 3, total: 13, points_reversed: 0, credit_note_id: null, credit_note_number: null });
    const second = (await a.returnOf(order.order_id, { items: [{ sale_item_id: order.items[0].id, quantity: 1 }], refund_shipping: true }).expect(201)).body
      .data;
    expect(second).toMatchObject({ subtotal: 10, shipping_amount: 0, total: 10 });
    expect((await a.get(`/orders/${order.order_id}`)).data).toMatchObject({ status: 'returned', refunded_amount: 23 });
    expect((await a.get('/credit-notes')).data).toEqual([]);
    await verified(biz);
  });

  it('an order of free goods with tax and shipping is refunded exactly: the tax follows the quantity returned', async () => {
    const biz = await createBusiness(t, 'Free Goods Shop');
    const a = api(biz);
    const p = await stocked(biz, { price: '0.00', stock: 5 });
    const order = await a.order({
      customer: { email: 'free@returns.test' },
      items: [{ product_id: p, quantity: 2 }],
      tax_amount: 5,
      shipping_amount: 3,
      send_invoice: true,
    });
    expect(order).toMatchObject({ subtotal: 0, total: 8, loyalty_points_earned: 8 });
    const first = (await a.returnOf(order.order_id, { items: [{ sale_item_id: order.items[0].id, quantity: 1 }] }).expect(201)).body.data;
    expect(first).toMatchObject({ subtotal: 0, tax_amount: 2.5, shipping_amount: 0, total: 2.5, points_reversed: 2 });
    const last = (await a.returnOf(order.order_id, { items: [{ sale_item_id: order.items[0].id, quantity: 1 }], refund_shipping: true }).expect(201)).body.data;
    expect(last).toMatchObject({ subtotal: 0, tax_amount: 2.5, shipping_amount: 3, total: 5.5, points_reversed: 6 });
    expect((await a.get(`/orders/${order.order_id}`)).data).toMatchObject({ status: 'returned', refunded_amount: 8, payment_status: 'refunded' });
    expect((await refundsOf(biz, order.order_id)).map((r: any) => r.amount)).toEqual(['2.50', '5.50']);
    expect((await a.get('/credit-notes')).data.map((n: any) => n.total).sort()).toEqual([2.5, 5.5]);
    expect(await a.customer(order.customer_id)).toEqual({ total_spent: 0, total_orders: 1, loyalty_balance: 0 });
    await verified(biz);
  });

  it('cancelling a partially returned order takes back only the rest: goods, money and points', async () => {
    const biz = await createBusiness(t, 'Cancel After Return');
    const a = api(biz);
    const p = await stocked(biz, { price: '10.00', stock: 10 });
    const q = await stocked(biz, { price: '7.00', stock: 10 });
    const order = await a.order({
      customer: { email: 'bo@returns.test' },
      items: [
        { product_id: p, quantity: 3 },
        { product_id: q, quantity: 2 },
      ],
      send_invoice: true,
    });
    // total 44.00, 44 points
    const ret = (await a.returnOf(order.order_id, { items: [{ sale_item_id: order.items[0].id, quantity: 1 }] }).expect(201)).body.data;
    expect(ret).toMatchObject({ total: 10, points_reversed: 10 }); // floor(44 x 10 / 44) = 10
    const cancelled = (await a.cancel(order.order_id, { reason: 'changed mind' }).expect(200)).body.data;
    expect(cancelled).toMatchObject({ status: 'cancelled', refunded_amount: 44 });
    expect(cancelled.items.map((i: any) => i.returned_quantity)).toEqual([1, 0]);
    expect([await stockOf(t, biz, p), await stockOf(t, biz, q)]).toEqual(['10.000', '10.000']);
    expect((await refundsOf(biz, order.order_id)).map((r: any) => r.amount)).toEqual(['10.00', '34.00']);
    expect(await a.customer(order.customer_id)).toEqual({ total_spent: 0, total_orders: 0, loyalty_balance: 0 });
    const event = (await a.get('/events?type=sale.cancelled')).data[0];
    expect(event.data).toMatchObject({ refund_amount: 34, points_reversed: 34 });
    await verified(biz);
  });

  it('cli verify finds a return that drifted from what it changed', async () => {
    const biz = await createBusiness(t, 'Drift Shop');
    const a = api(biz);
    const p = await stocked(biz, { price: '6.00', stock: 5 });
    const order = await a.order({ items: [{ product_id: p, quantity: 2 }], send_invoice: true });
    const ret = (await a.returnOf(order.order_id, { items: [{ sale_item_id: order.items[0].id, quantity: 1 }] }).expect(201)).body.data;
    await verified(biz);
    const tamper = async (sql: string, undo: string) => {
      await t.db.query(sql, [biz.business_id]);
      const report = await verifyLedgers(t.db, biz.business_id);
      await t.db.query(undo, [biz.business_id]);
      return report.drift.map((d: any) => d.kind).sort();
    };
    expect(
      await tamper(`UPDATE sale_items SET returned_quantity = 0 WHERE business_id = $1`, `UPDATE sale_items SET returned_quantity = 1 WHERE business_id = $1`),
    ).toEqual(['return_line_quantity']);
    expect(
      await tamper(`UPDATE invoices SET credited_amount = 0 WHERE business_id = $1`, `UPDATE invoices SET credited_amount = 6 WHERE business_id = $1`),
    ).toEqual(['invoice_credited_amount']);
    expect(await tamper(`UPDATE sales SET refunded_amount = 0 WHERE business_id = $1`, `UPDATE sales SET refunded_amount = 6 WHERE business_id = $1`)).toEqual([
      'order_refund',
      'order_returns_refunded',
    ]);
    expect(
      await tamper(
        `UPDATE stock_movements SET quantity = 2, quantity_after = quantity_after + 1 WHERE business_id = $1 AND type = 'return'`,
        `UPDATE stock_movements SET quantity = 1, quantity_after = quantity_after - 1 WHERE business_id = $1 AND type = 'return'`,
      ),
    ).toEqual(['return_stock_movements', 'stock_level']);
    expect(await tamper(`UPDATE credit_notes SET total = 1 WHERE business_id = $1`, `UPDATE credit_notes SET total = 6 WHERE business_id = $1`)).toEqual([
      'invoice_credited_amount',
      'return_credit_note',
    ]);
    expect(ret.total).toBe(6);
    await verified(biz);
  });

  describe('rejections write nothing and consume no number', () => {
    let biz: TestBusiness;
    let a: ReturnType<typeof api>;
    let order: any;
    let other: any;

    beforeAll(async () => {
      biz = await createBusiness(t, 'Reject Shop');
      a = api(biz);
      const p = await stocked(biz, { price: '4.00', stock: 20 });
      order = await a.order({ customer: { email: 'cy@returns.test' }, items: [{ product_id: p, quantity: 2 }], send_invoice: true });
      other = await a.order({ items: [{ product_id: p, quantity: 1 }] });
      await a.returnOf(order.order_id, { items: [{ sale_item_id: order.items[0].id, quantity: 0.5 }] }).expect(201);
    });

    const rejected = async (orderId: string, body: object, status: number, code: string, details?: unknown) => {
      const before = await orderStateOf(t, biz.business_id);
      const res = await a.returnOf(orderId, body);
      expect(res.status).toBe(status);
      expect(res.body.error.code).toBe(code);
      if (details !== undefined) expect(res.body.error.details).toEqual(details);
      expect(await orderStateOf(t, biz.business_id)).toEqual(before);
    };

    it('422 RETURN_EXCEEDS_SOLD, also when one line is named twice', async () => {
      const id = order.items[0].id;
      await rejected(order.order_id, { items: [{ sale_item_id: id, quantity: 2 }] }, 422, 'RETURN_EXCEEDS_SOLD', [
        { sale_item_id: id, sold: 2, returned: 0.5, requested: 2 },
      ]);
      await rejected(
        order.order_id,
        {
          items: [
            { sale_item_id: id, quantity: 1 },
            { sale_item_id: id, quantity: 0.75 },
          ],
        },
        422,
        'RETURN_EXCEEDS_SOLD',
        [{ sale_item_id: id, sold: 2, returned: 0.5, requested: 1.75 }],
      );
    });

    it('422 UNKNOWN_SALE_ITEM for a line of another order, 422 UNKNOWN_WAREHOUSE', async () => {
      await rejected(order.order_id, { items: [{ sale_item_id: other.items[0].id, quantity: 1 }] }, 422, 'UNKNOWN_SALE_ITEM', [
        { sale_item_id: other.items[0].id },
      ]);
      const nowhere = randomUUID();
      await rejected(order.order_id, { items: [{ sale_item_id: order.items[0].id, quantity: 1, warehouse_id: nowhere }] }, 422, 'UNKNOWN_WAREHOUSE', [
        { warehouse_id: nowhere },
      ]);
    });

    it("400 for empty items, a zero or 4-decimal quantity, a bad id; 404 for an unknown order or another business's", async () => {
      const id = order.items[0].id;
      await rejected(order.order_id, { items: [] }, 400, 'VALIDATION_FAILED');
      await rejected(order.order_id, { items: [{ sale_item_id: id, quantity: 0 }] }, 400, 'VALIDATION_FAILED');
      await rejected(order.order_id, { items: [{ sale_item_id: id, quantity: 0.0001 }] }, 400, 'VALIDATION_FAILED');
      await rejected(order.order_id, { items: [{ sale_item_id: 'x', quantity: 1 }] }, 400, 'VALIDATION_FAILED');
      await rejected(order.order_id, { items: [{ sale_item_id: id, quantity: 1, restock: 'yes' }] }, 400, 'VALIDATION_FAILED');
      await rejected(randomUUID(), { items: [{ sale_item_id: id, quantity: 1 }] }, 404, 'NOT_FOUND');
      const stranger = await createBusiness(t, 'Stranger');
      const res = await api(stranger).returnOf(order.order_id, { items: [{ sale_item_id: id, quantity: 1 }] });
      expect(res.status).toBe(404);
      await t.http().get(`/api/v1/orders/${order.order_id}/returns`).set(stranger.auth).expect(404);
      const ret = (await a.get(`/orders/${order.order_id}/returns`)).data[0];
      await t.http().get(`/api/v1/returns/${ret.id}`).set(stranger.auth).expect(404);
      await t.http().get(`/api/v1/credit-notes/${ret.credit_note_id}`).set(stranger.auth).expect(404);
      expect((await api(stranger).get('/returns')).data).toEqual([]);
    });

    it('409 for a cancelled order', async () => {
      await a.cancel(other.order_id).expect(200);
      await rejected(other.order_id, { items: [{ sale_item_id: other.items[0].id, quantity: 1 }] }, 409, 'INVALID_STATUS_TRANSITION', [
        { from: 'cancelled', to: 'returned' },
      ]);
    });

    it('the next accepted return takes the next numbers', async () => {
      const next = (await a.returnOf(order.order_id, { items: [{ sale_item_id: order.items[0].id, quantity: 0.5 }] }).expect(201)).body.data;
      expect([next.return_number, next.credit_note_number]).toEqual(['R-0002', 'CN-0002']);
      await verified(biz);
    });
  });

  describe('races', () => {
    it('20 parallel returns of one unit of a 5-unit line: 5 accepted, the rest 422, numbers gapless', async () => {
      const biz = await createBusiness(t, 'Race Shop');
      const a = api(biz);
      const p = await stocked(biz, { price: '3.33', stock: 5 });
      const order = await a.order({ customer: { email: 'race@returns.test' }, items: [{ product_id: p, quantity: 5 }], tax_amount: 1, send_invoice: true });
      const results = await Promise.all(
        Array.from({ length: 20 }, () => a.returnOf(order.order_id, { items: [{ sale_item_id: order.items[0].id, quantity: 1 }] })),
      );
      const accepted = results.filter((r) => r.status === 201);
      expect(accepted).toHaveLength(5);
      // once the fifth is in, the order is `returned`: the later ones see that status
      for (const r of results.filter((x) => x.status !== 201)) {
        expect([
          [422, 'RETURN_EXCEEDS_SOLD'],
          [409, 'INVALID_STATUS_TRANSITION'],
        ]).toContainEqual([r.status, r.body.error.code]);
      }
      expect(accepted.map((r) => r.body.data.return_number).sort()).toEqual(['R-0001', 'R-0002', 'R-0003', 'R-0004', 'R-0005']);
      const totals = accepted.map((r) => Math.round(r.body.data.total * 100)).reduce((x, y) => x + y, 0);
      expect(totals).toBe(Math.round(order.total * 100));
      expect((await a.get(`/orders/${order.order_id}`)).data).toMatchObject({ status: 'returned', refunded_amount: order.total });
      expect(await stockOf(t, biz, p)).toBe('5.000');
      await verified(biz);
    });

    it('parallel returns and a cancel of one order never refund more than its total', async () => {
      const biz = await createBusiness(t, 'Race Cancel Shop');
      const a = api(biz);
      const p = await stocked(biz, { price: '9.99', stock: 6 });
      const order = await a.order({
        customer: { email: 'rc@returns.test' },
        items: [{ product_id: p, quantity: 6 }],
        shipping_amount: 4.5,
        send_invoice: true,
      });
      const requests = [
        ...Array.from({ length: 8 }, () => a.returnOf(order.order_id, { items: [{ sale_item_id: order.items[0].id, quantity: 1 }], refund_shipping: true })),
        a.cancel(order.order_id),
      ];
      const results = await Promise.all(requests);
      const ok = results.filter((r) => r.status === 200 || r.status === 201);
      expect(ok.length).toBeGreaterThanOrEqual(1);
      const [{ sum }] = await t.db.query(`SELECT coalesce(sum(amount), 0)::text AS sum FROM finance_transactions WHERE business_id = $1 AND type = 'refund'`, [
        biz.business_id,
      ]);
      const final = (await a.get(`/orders/${order.order_id}`)).data;
      expect(Number(sum)).toBeLessThanOrEqual(order.total);
      expect(Number(sum)).toBe(final.refunded_amount);
      if (final.status === 'cancelled' || final.status === 'returned') {
        expect(sum).toBe(order.total.toFixed(2));
        expect(await stockOf(t, biz, p)).toBe('6.000');
      }
      await verified(biz);
    });

    it('an Idempotency-Key makes one return, replayed sequentially and in parallel', async () => {
      const biz = await createBusiness(t, 'Idempotent Returns');
      const a = api(biz);
      const p = await stocked(biz, { price: '2.50', stock: 10 });
      const order = await a.order({ items: [{ product_id: p, quantity: 4 }] });
      const body = { items: [{ sale_item_id: order.items[0].id, quantity: 1 }] };
      const key = randomUUID();
      const parallel = await Promise.all(Array.from({ length: 5 }, () => a.returnOf(order.order_id, body, key)));
      const first = parallel.find((r) => r.status === 201)!;
      for (const r of parallel) {
        if (r.status === 201) expect(r.body).toEqual(first.body);
        else expect(r.body.error.code).toBe('IDEMPOTENCY_IN_PROGRESS');
      }
      const replay = await a.returnOf(order.order_id, body, key).expect(201);
      expect(replay.body).toEqual(first.body);
      expect(replay.body.data.return_number).toBe('R-0001');
      await a.returnOf(order.order_id, { items: [{ sale_item_id: order.items[0].id, quantity: 2 }] }, key).expect(409);
      expect((await a.get(`/orders/${order.order_id}/returns`)).meta.total).toBe(1);
      expect((await a.get(`/orders/${order.order_id}`)).data.items[0].returned_quantity).toBe(1);
      await verified(biz);
    });
  });
});
