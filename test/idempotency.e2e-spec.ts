import { orderStateOf, seedProduct, stockOf } from './helpers/orders-fixtures';
import { createBusiness, startTestApp, TestApp, TestBusiness } from './helpers/test-app';

describe('Idempotency-Key on POST /orders (docs/api.md 9)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const order = (product: string, quantity = 1) => ({ customer: { email: 'idem@shop.test' }, items: [{ product_id: product, quantity }], send_invoice: true });
  const post = (biz: TestBusiness, key: string | undefined, body: object) => {
    const req = t.http().post('/api/v1/orders').set(biz.auth);
    if (key !== undefined) req.set('Idempotency-Key', key);
    return req.send(body);
  };

  it('replays the first response, byte for byte, with Idempotent-Replayed: true, and does nothing again', async () => {
    const biz = await createBusiness(t);
    const product = await seedProduct(t, biz, { price: '12.00', stock: '10' });
    const first = await post(biz, 'order-1', order(product)).expect(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const after = await orderStateOf(t, biz.business_id);

    const replay = await post(biz, 'order-1', order(product)).expect(201);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.text).toBe(first.text);
    expect(await orderStateOf(t, biz.business_id)).toEqual(after);
    expect(await stockOf(t, biz, product)).toBe('9.000');

    // the same body with its keys in another order is the same request
    const reordered = { send_invoice: true, items: [{ quantity: 1, product_id: product }], customer: { email: 'idem@shop.test' } };
    const again = await post(biz, 'order-1', reordered).expect(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toEqual(first.body);
    expect(await orderStateOf(t, biz.business_id)).toEqual(after);
  });

  it('refuses the same key with a different body: 409 IDEMPOTENCY_KEY_REUSED, nothing written', async () => {
    const biz = await createBusiness(t);
    const product = await seedProduct(t, biz);
    await post(biz, 'k', order(product, 1)).expect(201);
    const before = await orderStateOf(t, biz.business_id);
    const res = await post(biz, 'k', order(product, 2)).expect(409);
    expect(res.body.error.code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(res.headers['idempotent-replayed']).toBeUndefined();
    expect(await orderStateOf(t, biz.business_id)).toEqual(before);
  });

  it('5 parallel requests with one key create one order; the others are the replay or 409 IDEMPOTENCY_IN_PROGRESS', async () => {
    const biz = await createBusiness(t);
    const product = await seedProduct(t, biz, { stock: '100' });
    const responses = await Promise.all(Array.from({ length: 5 }, () => post(biz, 'same-key', order(product))));
    const created = responses.filter((r) => r.status === 201 && r.headers['idempotent-replayed'] === undefined);
    const replayed = responses.filter((r) => r.status === 201 && r.headers['idempotent-replayed'] === 'true');
    const busy = responses.filter((r) => r.status === 409);
    expect(created).toHaveLength(1);
    expect(replayed.length + busy.length).toBe(4);
    for (const r of replayed) expect(r.body).toEqual(created[0].body);
    for (const r of busy) expect(r.body.error.code).toBe('IDEMPOTENCY_IN_PROGRESS');
    const state = await orderStateOf(t, biz.business_id);
    expect(state.counts).toMatchObject({ sales: 1, sale_items: 1, stock_movements: 1, invoices: 1, finance_transactions: 1, idempotency_keys: 1 });
    expect(await stockOf(t, biz, product)).toBe('99.000');
  });

  it('binds a key to the path with its ids in lower case: the same request with an upper-case id is the replay', async () => {
    const biz = await createBusiness(t);
    const product = await seedProduct(t, biz, { stock: '10' });
    const sale = (await post(biz, undefined, order(product, 3)).expect(201)).body.data;
    const ret = (id: string) =>
      t
        .http()
        .post(`/api/v1/orders/${id}/returns`)
        .set(biz.auth)
        .set('Idempotency-Key', 'return-1')
        .send({ items: [{ sale_item_id: sale.items[0].id, quantity: 1 }], reason: 'damaged' });
    const first = await ret(sale.order_id).expect(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const after = await orderStateOf(t, biz.business_id);

    const upper = await ret(sale.order_id.toUpperCase());
    expect([upper.status, upper.body.error?.code]).toEqual([201, undefined]);
    expect(upper.headers['idempotent-replayed']).toBe('true');
    expect(upper.text).toBe(first.text);
    expect(await orderStateOf(t, biz.business_id)).toEqual(after);
    expect((after.counts as Record<string, number>).returns).toBe(1);
  });

  it('scopes keys to the business', async () => {
    const a = await createBusiness(t, 'A');
    const b = await createBusiness(t, 'B');
    const pa = await seedProduct(t, a);
    const pb = await seedProduct(t, b);
    const ra = await post(a, 'shared-key', order(pa)).expect(201);
    const rb = await post(b, 'shared-key', order(pb)).expect(201);
    expect(rb.headers['idempotent-replayed']).toBeUndefined();
    expect(rb.body.data.order_id).not.toBe(ra.body.data.order_id);
  });

  it('stores and replays a 4xx outcome, even once its cause is gone', async () => {
    const biz = await createBusiness(t);
    const product = await seedProduct(t, biz, { stock: '1' });
    const first = await post(biz, 'short', order(product, 5)).expect(422);
    expect(first.body.error.code).toBe('INSUFFICIENT_STOCK');
    await t.db.query(`UPDATE stock_levels SET quantity = 10 WHERE product_id = $1`, [product]);
    const replay = await post(biz, 'short', order(product, 5)).expect(422);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.body.error).toEqual({ ...first.body.error, request_id: replay.headers['x-request-id'] });
    expect(await stockOf(t, biz, product)).toBe('10.000');
    expect((await orderStateOf(t, biz.business_id)).counts).toMatchObject({ sales: 0 });
  });

  it('treats a key older than 24 hours as new', async () => {
    const biz = await createBusiness(t);
    const product = await seedProduct(t, biz);
    const first = await post(biz, 'old', order(product)).expect(201);
    await t.db.query(`UPDATE idempotency_keys SET created_at = now() - interval '24 hours 1 second' WHERE business_id = $1`, [biz.business_id]);
    const second = await post(biz, 'old', order(product, 2)).expect(201);
    expect(second.headers['idempotent-replayed']).toBeUndefined();
    expect(second.body.data.order_number).toBe('S-0002');
    expect(second.body.data.order_id).not.toBe(first.body.data.order_id);
    const replay = await post(biz, 'old', order(product, 2)).expect(201);
    expect(replay.body.data.order_id).toBe(second.body.data.order_id);
  });

  it('does not store a server error: the key can be used again', async () => {
    const biz = await createBusiness(t);
    const product = await seedProduct(t, biz);
    // a missing counter row makes the order fail unexpectedly (500)
    await t.db.query(`UPDATE business_counters SET name = 'sale_hidden' WHERE business_id = $1 AND name = 'sale'`, [biz.business_id]);
    const failed = await post(biz, 'retry-me', order(product)).expect(500);
    expect(failed.body.error.code).toBe('INTERNAL_ERROR');
    const [{ n }] = await t.db.query(`SELECT count(*)::int AS n FROM idempotency_keys WHERE business_id = $1`, [biz.business_id]);
    expect(n).toBe(0);
    await t.db.query(`UPDATE business_counters SET name = 'sale' WHERE business_id = $1 AND name = 'sale_hidden'`, [biz.business_id]);
    const ok = await post(biz, 'retry-me', order(product)).expect(201);
    expect(ok.headers['idempotent-replayed']).toBeUndefined();
    expect(ok.body.data.order_number).toBe('S-0001');
  });

  it.each([
    ['an empty key', ''],
    ['a key over 255 characters', 'x'.repeat(256)],
  ])('400 for %s, nothing written', async (_label, key) => {
    const biz = await createBusiness(t);
    const product = await seedProduct(t, biz);
    const before = await orderStateOf(t, biz.business_id);
    const res = await post(biz, key, order(product)).expect(400);
    expect(res.body.error.code).toBe('VALIDATION_FAILED');
    expect(res.body.error.details).toEqual([{ field: 'Idempotency-Key', message: 'Idempotency-Key must be 1 to 255 characters, sent once' }]);
    expect(await orderStateOf(t, biz.business_id)).toEqual(before);
  });

  it('accepts a 255-character key', async () => {
    const biz = await createBusiness(t);
    const product = await seedProduct(t, biz);
    await post(biz, 'k'.repeat(255), order(product)).expect(201);
    const replay = await post(biz, 'k'.repeat(255), order(product)).expect(201);
    expect(replay.headers['idempotent-replayed']).toBe('true');
  });

  it('without the header every request is its own order', async () => {
    const biz = await createBusiness(t);
    const product = await seedProduct(t, biz);
    await post(biz, undefined, order(product)).expect(201);
    await post(biz, undefined, order(product)).expect(201);
    expect((await orderStateOf(t, biz.business_id)).counts).toMatchObject({ sales: 2, idempotency_keys: 0 });
  });

  it('documents the header in the OpenAPI document', async () => {
    const doc = await t.http().get('/docs-json').expect(200);
    const params = doc.body.paths['/api/v1/orders'].post.parameters;
    expect(params).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'Idempotency-Key', in: 'header', required: false })]));
  });
});
