import { orderStateOf, seedProduct, stockOf } from './helpers/orders-fixtures';
import { apiAs, createBusiness, startTestApp, TestApp, TestBusiness } from './helpers/test-app';

/**
 * Issue 42, cash (CONTRACT section 21): `cash_tendered` with a cash order (named or by default), `change_due` =
 * tendered - total to the cent, both on every read of the order and null without a tender; a tender
 * below the total is 422 INSUFFICIENT_TENDER writing nothing; the field with another method is a 400.
 * And what finance books for each shipped payment method.
 */
describe('POST /orders: cash tendered and change due', () => {
  let t: TestApp;
  let biz: TestBusiness;
  let api: ReturnType<typeof apiAs>;
  let product: string;
  /** 25.00 + 4.75 tax = 29.75 */
  const body = (extra: object) => ({ items: [{ product_id: product, quantity: 1 }], tax_amount: 4.75, ...extra });

  beforeAll(async () => {
    t = await startTestApp();
    biz = await createBusiness(t);
    api = apiAs(t, biz);
    product = await seedProduct(t, biz, { price: '25.00', stock: '100' });
  });
  afterAll(() => t.close());

  const stored = async (id: string) =>
    (await t.db.query(`SELECT cash_tendered::text, change_due::text FROM sales WHERE business_id = $1 AND id = $2`, [biz.business_id, id]))[0];

  it('gives the change to the cent, stores both and returns them on every read', async () => {
    const res = await api.post('/orders', body({ payment_method: 'cash', cash_tendered: 50 })).expect(201);
    const order = res.body.data;
    expect(order).toMatchObject({ payment_method: 'cash', total: 29.75, cash_tendered: 50, change_due: 20.25 });
    expect(await stored(order.order_id)).toEqual({ cash_tendered: '50.00', change_due: '20.25' });
    expect((await api.get(`/orders/${order.order_id}`).expect(200)).body.data).toEqual(order);
    const listed = (await api.get('/orders').expect(200)).body.data.find((o: { order_id: string }) => o.order_id === order.order_id);
    expect(listed).toEqual(order);
  });

  it('an exact tender leaves no change', async () => {
    const order = (await api.post('/orders', body({ payment_method: 'cash', cash_tendered: 29.75 })).expect(201)).body.data;
    expect(order).toMatchObject({ total: 29.75, cash_tendered: 29.75, change_due: 0 });
    expect(await stored(order.order_id)).toEqual({ cash_tendered: '29.75', change_due: '0.00' });
  });

  it('is taken without payment_method: cash is the default', async () => {
    const order = (await api.post('/orders', body({ cash_tendered: 100 })).expect(201)).body.data;
    expect(order).toMatchObject({ payment_method: 'cash', cash_tendered: 100, change_due: 70.25 });
  });

  it('is taken with payment_method null: the default too', async () => {
    const order = (await api.post('/orders', body({ payment_method: null, cash_tendered: 30 })).expect(201)).body.data;
    expect(order).toMatchObject({ payment_method: 'cash', cash_tendered: 30, change_due: 0.25 });
  });

  it('is exact where floats are not: 0.30 tendered for 0.10 + 0.20', async () => {
    const cheap = await seedProduct(t, biz, { price: '0.10' });
    const order = (await api.post('/orders', { items: [{ product_id: cheap, quantity: 1 }], tax_amount: 0.2, cash_tendered: 0.3 }).expect(201)).body.data;
    expect(order).toMatchObject({ total: 0.3, cash_tendered: 0.3, change_due: 0 });
  });

  it.each(['cash', 'card', 'bank_transfer'])('without a tender both are null (%s)', async (method) => {
    const order = (await api.post('/orders', body({ payment_method: method })).expect(201)).body.data;
    expect(order).toMatchObject({ payment_method: method, cash_tendered: null, change_due: null });
    expect(await stored(order.order_id)).toEqual({ cash_tendered: null, change_due: null });
  });

  it('a tender below the total is 422 INSUFFICIENT_TENDER: nothing written, no number taken', async () => {
    const before = await orderStateOf(t, biz.business_id);
    const stock = await stockOf(t, biz, product);
    const last = (await api.get('/orders?per_page=1').expect(200)).body.data[0].order_number as string;
    const res = await api.post('/orders', body({ cash_tendered: 29.74, send_invoice: true })).expect(422);
    expect(res.body.error).toEqual({
      code: 'INSUFFICIENT_TENDER',
      message: 'The cash tendered is less than the order total',
      details: [{ total: 29.75, cash_tendered: 29.74 }],
      request_id: expect.any(String),
    });
    expect(await orderStateOf(t, biz.business_id)).toEqual(before);
    expect(await stockOf(t, biz, product)).toBe(stock);
    const next = (await api.post('/orders', body({ cash_tendered: 30 })).expect(201)).body.data;
    expect(next.order_number).toBe(`S-${String(Number(last.slice(2)) + 1).padStart(4, '0')}`);
  });

  it.each([
    ['with card', { payment_method: 'card', cash_tendered: 50 }, 'cash_tendered is only accepted when payment_method is cash'],
    ['with bank_transfer', { payment_method: 'bank_transfer', cash_tendered: 50 }, 'cash_tendered is only accepted when payment_method is cash'],
    ['negative', { cash_tendered: -1 }, undefined],
    ['three decimals', { cash_tendered: 50.001 }, undefined],
    ['a string', { cash_tendered: '50' }, undefined],
  ])('cash_tendered %s is a 400 naming it, and writes nothing', async (_label, extra, message) => {
    const before = await orderStateOf(t, biz.business_id);
    const res = await api.post('/orders', body(extra)).expect(400);
    expect(res.body.error.code).toBe('VALIDATION_FAILED');
    expect(res.body.error.details.map((d: { field: string }) => d.field)).toEqual(['cash_tendered']);
    if (message) expect(res.body.error.details).toEqual([{ field: 'cash_tendered', message }]);
    expect(await orderStateOf(t, biz.business_id)).toEqual(before);
  });

  it('null is no tender, whatever the method', async () => {
    const order = (await api.post('/orders', body({ payment_method: 'card', cash_tendered: null })).expect(201)).body.data;
    expect(order).toMatchObject({ payment_method: 'card', cash_tendered: null, change_due: null });
  });

  it('a replay with the same Idempotency-Key returns the same tender and change', async () => {
    const send = () => api.post('/orders', body({ cash_tendered: 40 })).set('Idempotency-Key', 'cash-replay-1');
    const first = (await send().expect(201)).body;
    const again = (await send().expect(201)).body;
    expect(again).toEqual(first);
    expect(first.data).toMatchObject({ cash_tendered: 40, change_due: 10.25 });
  });

  it('documents cash_tendered, the methods and the refusal on POST /orders', async () => {
    const doc = (await t.http().get('/docs-json').expect(200)).body;
    const dto = doc.components.schemas.CreateOrderDto;
    expect(dto.properties.payment_method.enum).toEqual(['cash', 'card', 'bank_transfer']);
    expect(dto.properties.cash_tendered).toMatchObject({ type: 'number' });
    expect(dto.required).toEqual(['items']);
    expect(doc.components.schemas.OrderJson.properties.payment_method.enum).toEqual(['cash', 'card', 'bank_transfer']);
    expect(JSON.stringify(doc.paths['/api/v1/orders'].post.responses['422'])).toContain('INSUFFICIENT_TENDER');
  });

  it.each(['cash', 'card', 'bank_transfer'])('a %s sale books its income and its refunds as sales', async (method) => {
    const order = (await api.post('/orders', { items: [{ product_id: product, quantity: 2 }], payment_method: method }).expect(201)).body.data;
    await api.post(`/orders/${order.order_id}/returns`, { items: [{ sale_item_id: order.items[0].id, quantity: 1 }] }).expect(201);
    await api.post(`/orders/${order.order_id}/cancel`, {}).expect(200);
    const rows = await t.db.query(
      `SELECT type, category, amount::text FROM finance_transactions WHERE business_id = $1 AND sale_id = $2 ORDER BY created_at, type`,
      [biz.business_id, order.order_id],
    );
    expect(rows).toEqual([
      { type: 'income', category: 'sales', amount: '50.00' },
      { type: 'refund', category: 'sales', amount: '25.00' },
      { type: 'refund', category: 'sales', amount: '25.00' },
    ]);
  });
});
