import { verifyLedgers } from '../src/modules/verify/verify-ledgers';
import { orderStateOf, seedProduct } from './helpers/orders-fixtures';
import { createBusiness, startTestApp, TestApp, TestBusiness } from './helpers/test-app';

/**
 * Shipping-only returns (docs/api.md 12, amended by issue 30 point 5): an order returned without its
 * shipping can still refund it, once, through a return of no lines with `refund_shipping: true`.
 */
describe('shipping-only returns (docs/api.md 12)', () => {
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
      returnOf: (orderId: string, body: object) => t.http().post(`/api/v1/orders/${orderId}/returns`).set(biz.auth).send(body),
      cancel: (orderId: string) => t.http().post(`/api/v1/orders/${orderId}/cancel`).set(biz.auth).send({}),
      customer: async (id: string) => {
        const c = (await get(`/customers/${id}`)).data;
        return { total_spent: c.total_spent, loyalty_balance: c.loyalty_balance };
      },
    };
  };
  const stocked = async (biz: TestBusiness, price: string) => {
    const id = await seedProduct(t, biz, { price, stock: null });
    await t.http().post('/api/v1/stock/adjustments').set(biz.auth).send({ product_id: id, quantity: 100, reason: 'restock' }).expect(201);
    return id;
  };
  const verified = async (biz: TestBusiness) => expect((await verifyLedgers(t.db, biz.business_id)).drift).toEqual([]);
  const refundsOf = async (biz: TestBusiness, saleId: string) =>
    (
      await t.db.query(`SELECT amount FROM finance_transactions WHERE business_id = $1 AND sale_id = $2 AND type = 'refund' ORDER BY created_at`, [
        biz.business_id,
        saleId,
      ])
    ).map((r: { amount: string }) => r.amount);
  const shippingOnly = { items: [], refund_shipping: true };

  /** 2 x 20.00 + shipping 7.50 = 47.50 (47 points), with a customer and an invoice. */
  const shippedOrder = async (name: string) => {
    const biz = await createBusiness(t, name);
    const a = api(biz);
    const p = await stocked(biz, '20.00');
    const order = await a.order({
      customer: { email: `${name.replace(/\W/g, '').toLowerCase()}@returns.test` },
      items: [{ product_id: p, quantity: 2 }],
      shipping_amount: 7.5,
      send_invoice: true,
    });
    expect(order).toMatchObject({ total: 47.5, loyalty_points_earned: 47 });
    return { biz, a, order, line: order.items[0].id as string };
  };

  it('a returned order refunds its shipping afterwards: its own number, credit note, refund, points and total spent, exactly', async () => {
    const { biz, a, order, line } = await shippedOrder('Shipping After');
    const goods = (await a.returnOf(order.order_id, { items: [{ sale_item_id: line, quantity: 2 }] }).expect(201)).body.data;
    // floor(47 x 40 / 47.50) = 39
    expect(goods).toMatchObject({ total: 40, shipping_amount: 0, points_reversed: 39 });
    expect((await a.get(`/orders/${order.order_id}`)).data).toMatchObject({ status: 'returned', refunded_amount: 40 });

    const ret = (await a.returnOf(order.order_id, shippingOnly).expect(201)).body.data;
    expect(ret).toMatchObject({
      return_number: 'R-0002',
      sale_id: order.order_id,
      items: [],
      subtotal: 0,
      tax_amount: 0,
      discount_amount: 0,
      shipping_amount: 7.5,
      total: 7.5,
      points_reversed: 8,
      credit_note_number: 'CN-0002',
    });
    expect((await a.get(`/orders/${order.order_id}`)).data).toMatchObject({ status: 'returned', refunded_amount: 47.5, payment_status: 'refunded' });
    expect(await refundsOf(biz, order.order_id)).toEqual(['40.00', '7.50']);
    const note = (await a.get(`/credit-notes/${ret.credit_note_id}`)).data;
    expect(note).toMatchObject({ return_id: ret.id, items: [], subtotal: 0, shipping_amount: 7.5, total: 7.5 });
    expect((await a.get(`/invoices/${order.invoice_id}`)).data.credited_amount).toBe(47.5);
    expect(await a.customer(order.customer_id)).toEqual({ total_spent: 0, loyalty_balance: 0 });
    const event = (await a.get('/events?type=sale.returned')).data.find((e: any) => e.data.return_id === ret.id);
    expect(event.data).toMatchObject({ return_number: 'R-0002', total: 7.5, items: [] });
    await verified(biz);

    // the shipping is refunded: a second shipping-only return has nothing to refund (400), goods 409
    const before = await orderStateOf(t, biz.business_id);
    const again = await a.returnOf(order.order_id, shippingOnly).expect(400);
    expect(again.body.error.code).toBe('VALIDATION_FAILED');
    const goodsAgain = await a.returnOf(order.order_id, { items: [{ sale_item_id: line, quantity: 1 }], refund_shipping: true }).expect(409);
    expect(goodsAgain.body.error.code).toBe('INVALID_STATUS_TRANSITION');
    expect(await orderStateOf(t, biz.business_id)).toEqual(before);
  });

  it('a partially returned order refunds its shipping alone and stays partially returned; the rest then refunds the total', async () => {
    const { biz, a, order, line } = await shippedOrder('Shipping Between');
    await a.returnOf(order.order_id, { items: [{ sale_item_id: line, quantity: 1 }] }).expect(201);
    const ret = (await a.returnOf(order.order_id, shippingOnly).expect(201)).body.data;
    expect(ret).toMatchObject({ items: [], shipping_amount: 7.5, total: 7.5 });
    expect((await a.get(`/orders/${order.order_id}`)).data).toMatchObject({ status: 'partially_returned', refunded_amount: 27.5 });
    const last = (await a.returnOf(order.order_id, { items: [{ sale_item_id: line, quantity: 1 }], refund_shipping: true }).expect(201)).body.data;
    expect(last).toMatchObject({ shipping_amount: 0, total: 20 });
    expect((await a.get(`/orders/${order.order_id}`)).data).toMatchObject({ status: 'returned', refunded_amount: 47.5 });
    expect(await a.customer(order.customer_id)).toEqual({ total_spent: 0, loyalty_balance: 0 });
    await verified(biz);
  });

  it('every other empty items is 400, a cancelled order 409; each writes nothing', async () => {
    const { biz, a, order, line } = await shippedOrder('Shipping Refused');
    const rejected = async (orderId: string, body: object, status: number, code: string) => {
      const before = await orderStateOf(t, biz.business_id);
      const res = await a.returnOf(orderId, body);
      expect([res.status, res.body.error?.code]).toEqual([status, code]);
      expect(await orderStateOf(t, biz.business_id)).toEqual(before);
    };
    // a completed order: nothing returned yet, so its shipping goes back with goods
    await rejected(order.order_id, shippingOnly, 400, 'VALIDATION_FAILED');
    await a.returnOf(order.order_id, { items: [{ sale_item_id: line, quantity: 1 }] }).expect(201);
    await rejected(order.order_id, { items: [] }, 400, 'VALIDATION_FAILED');
    await rejected(order.order_id, { items: [], refund_shipping: false }, 400, 'VALIDATION_FAILED');
    // an order without shipping has none to refund
    const p = await stocked(biz, '5.00');
    const free = await a.order({ items: [{ product_id: p, quantity: 2 }] });
    await a.returnOf(free.order_id, { items: [{ sale_item_id: free.items[0].id, quantity: 1 }] }).expect(201);
    await rejected(free.order_id, shippingOnly, 400, 'VALIDATION_FAILED');
    await a.cancel(order.order_id).expect(200);
    await rejected(order.order_id, shippingOnly, 409, 'INVALID_STATUS_TRANSITION');
    await verified(biz);
  });

  it('parallel shipping-only returns refund the shipping once, round after round', async () => {
    for (let round = 0; round < 4; round++) {
      const { biz, a, order, line } = await shippedOrder(`Shipping Race ${round}`);
      await a.returnOf(order.order_id, { items: [{ sale_item_id: line, quantity: 2 }] }).expect(201);
      const results = await Promise.all(Array.from({ length: 8 }, () => a.returnOf(order.order_id, shippingOnly)));
      expect(results.map((r) => r.status).sort()).toEqual([201, 400, 400, 400, 400, 400, 400, 400]);
      expect((await a.get(`/orders/${order.order_id}`)).data).toMatchObject({ status: 'returned', refunded_amount: 47.5 });
      expect(await refundsOf(biz, order.order_id)).toEqual(['40.00', '7.50']);
      await verified(biz);
    }
  });
});
