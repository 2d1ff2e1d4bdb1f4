import { orderStateOf, seedProduct } from './helpers/orders-fixtures';
import { createBusiness, startTestApp, TestApp, TestBusiness } from './helpers/test-app';

/** What only making a return gives it: its quote has none of these. */
const MADE_ONLY = ['id', 'return_number', 'credit_note_id', 'credit_note_number', 'created_at'];

function quoteOf(made: Record<string, unknown>, paymentMethod: string): Record<string, unknown> {
  const quote: Record<string, unknown> = { ...made, payment_method: paymentMethod };
  for (const key of MADE_ONLY) delete quote[key];
  return quote;
}

describe('POST /orders/:id/returns/quote: the return it would make, by the return code, writing nothing', () => {
  let t: TestApp;
  let biz: TestBusiness;
  let other: TestBusiness;
  let mug: string;
  let tea: string;
  let cake: string;
  let annex: string;

  beforeAll(async () => {
    t = await startTestApp();
    biz = await createBusiness(t, 'Return Quote Shop');
    other = await createBusiness(t, 'Other Return Quote Shop');
    mug = await seedProduct(t, biz, { name: 'Mug', price: '19.99', stock: '100' });
    tea = await seedProduct(t, biz, { name: 'Tea', price: '45.50', stock: '100' });
    cake = await seedProduct(t, biz, { name: 'Cake', price: '5.25', stock: '100' });
    annex = (await post('/warehouses', { name: 'Annex' }).expect(201)).body.data.id;
  });
  afterAll(() => t.close());

  const post = (path: string, body: unknown, as: TestBusiness = biz) =>
    t
      .http()
      .post(`/api/v1${path}`)
      .set(as.auth)
      .send(body as object);

  const stateOf = (businessId: string) => orderStateOf(t, businessId);

  /** A three-line order with tax, shipping and an order discount, invoiced, by card, for a customer. */
  const order = async (email: string, as: TestBusiness = biz, products = [mug, tea, cake]) =>
    (
      await post(
        '/orders',
        {
          customer: { name: 'Ann', email },
          items: [
            { product_id: products[0], quantity: 3 },
            { product_id: products[1], quantity: 1.5 },
            { product_id: products[2], quantity: 4, discount: 1 },
          ],
          tax_amount: 11.87,
          shipping_amount: 6.5,
          discount_amount: 10,
          payment_method: 'card',
          send_invoice: true,
        },
        as,
      ).expect(201)
    ).body.data;

  /** Quotes the return, checks it wrote nothing, makes it, and checks the quote was the return. */
  const quotedThenMade = async (orderId: string, paymentMethod: string, body: Record<string, unknown>) => {
    const before = await stateOf(biz.business_id);
    const quote = await post(`/orders/${orderId}/returns/quote`, body).expect(200);
    expect(Object.keys(quote.body)).toEqual(['success', 'data']);
    expect(await stateOf(biz.business_id)).toEqual(before);
    const made = await post(`/orders/${orderId}/returns`, body).expect(201);
    expect(quote.body.data).toEqual(quoteOf(made.body.data, paymentMethod));
    return made.body.data;
  };

  it('every step of an order returned in parts, then its shipping alone, is quoted as it is then made', async () => {
    const o = await order('steps@quote.test');
    const [a, b, c] = o.items.map((i: { id: string }) => i.id);
    // a third of a line, not restocked
    await quotedThenMade(o.order_id, 'card', { items: [{ sale_item_id: a, quantity: 1, restock: false }], reason: 'Chipped' });
    // the same line twice (checked on its sum), another to the annex, half a unit
    const second = await quotedThenMade(o.order_id, 'card', {
      items: [
        { sale_item_id: a, quantity: 0.5 },
        { sale_item_id: b, quantity: 0.5, warehouse_id: annex },
        { sale_item_id: a, quantity: 0.25 },
      ],
    });
    expect(second.items.map((i: { amount: number }) => i.amount)).toEqual([14.99, 22.75, 0]);
    // everything left, without the shipping: the order is returned
    await quotedThenMade(o.order_id, 'card', {
      items: [
        { sale_item_id: a, quantity: 1.25 },
        { sale_item_id: b, quantity: 1 },
        { sale_item_id: c, quantity: 4 },
      ],
    });
    // its shipping alone
    const shipping = await quotedThenMade(o.order_id, 'card', { items: [], refund_shipping: true });
    expect(shipping.total).toBe(6.5);
    const refunded = (await t.http().get(`/api/v1/orders/${o.order_id}`).set(biz.auth).expect(200)).body.data;
    expect([refunded.status, refunded.refunded_amount]).toEqual(['returned', o.total]);
  });

  it('the points as the return reverses them: never more than the balance', async () => {
    const o = await order('spent@quote.test');
    await post('/loyalty/redeem', { customer_id: o.customer_id, points: o.loyalty_points_earned - 3 }).expect(201);
    const made = await quotedThenMade(o.order_id, 'card', { items: [{ sale_item_id: o.items[1].id, quantity: 1.5 }], refund_shipping: true });
    expect(made.points_reversed).toBe(3);
  });

  it('an order without a customer, paid cash, returned whole with its shipping', async () => {
    const cash = (await post('/orders', { items: [{ product_id: cake, quantity: 2 }], shipping_amount: 1.5 }).expect(201)).body.data;
    const made = await quotedThenMade(cash.order_id, 'cash', { items: [{ sale_item_id: cash.items[0].id, quantity: 2 }], refund_shipping: true });
    expect([made.total, made.points_reversed]).toEqual([12, 0]);
  });

  it('refuses as the return refuses, writing nothing', async () => {
    const o = await order('refused@quote.test');
    const elsewhere = await order('elsewhere@quote.test');
    const cancelled = await order('cancelled@quote.test');
    await post(`/orders/${cancelled.order_id}/cancel`, {}).expect(200);
    const theirs = await order('theirs@quote.test', other, [
      await seedProduct(t, other, { price: '1.00' }),
      await seedProduct(t, other, { price: '2.00' }),
      await seedProduct(t, other, { price: '3.00' }),
    ]);
    const line = o.items[0].id;
    const cases: [string, string, Record<string, unknown>, number, string][] = [
      ['more than sold', o.order_id, { items: [{ sale_item_id: line, quantity: 3.001 }] }, 422, 'RETURN_EXCEEDS_SOLD'],
      [
        'more than sold on the sum of one line',
        o.order_id,
        {
          items: [
            { sale_item_id: line, quantity: 2 },
            { sale_item_id: line, quantity: 2 },
          ],
        },
        422,
        'RETURN_EXCEEDS_SOLD',
      ],
      ["another order's line", o.order_id, { items: [{ sale_item_id: elsewhere.items[0].id, quantity: 1 }] }, 422, 'UNKNOWN_SALE_ITEM'],
      ['an unknown warehouse', o.order_id, { items: [{ sale_item_id: line, quantity: 1, warehouse_id: other.warehouse_id }] }, 422, 'UNKNOWN_WAREHOUSE'],
      ['a cancelled order', cancelled.order_id, { items: [{ sale_item_id: cancelled.items[0].id, quantity: 1 }] }, 409, 'INVALID_STATUS_TRANSITION'],
      ["another business's order", theirs.order_id, { items: [{ sale_item_id: theirs.items[0].id, quantity: 1 }] }, 404, 'NOT_FOUND'],
      ['no items', o.order_id, { items: [] }, 400, 'VALIDATION_FAILED'],
      ['shipping alone before any goods', o.order_id, { items: [], refund_shipping: true }, 400, 'VALIDATION_FAILED'],
      ['a zero quantity', o.order_id, { items: [{ sale_item_id: line, quantity: 0 }] }, 400, 'VALIDATION_FAILED'],
      ['an unknown field', o.order_id, { items: [{ sale_item_id: line, quantity: 1 }], refund_all: true }, 400, 'VALIDATION_FAILED'],
    ];
    const problems: string[] = [];
    for (const [label, orderId, body, status, code] of cases) {
      const before = await stateOf(biz.business_id);
      const quote = await post(`/orders/${orderId}/returns/quote`, body);
      const made = await post(`/orders/${orderId}/returns`, body);
      const { request_id: _q, ...quoteError } = quote.body.error ?? {};
      const { request_id: _m, ...madeError } = made.body.error ?? {};
      if (quote.status !== status || quoteError.code !== code) problems.push(`${label}: quote ${quote.status} ${quoteError.code}`);
      if (made.status !== status) problems.push(`${label}: return ${made.status}`);
      if (JSON.stringify(quoteError) !== JSON.stringify(madeError)) problems.push(`${label}: ${JSON.stringify(quoteError)} vs ${JSON.stringify(madeError)}`);
      if (JSON.stringify(await stateOf(biz.business_id)) !== JSON.stringify(before)) problems.push(`${label}: wrote something`);
    }
    expect(problems).toEqual([]);
  });
});
