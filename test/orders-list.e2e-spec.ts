import { seedProduct } from './helpers/orders-fixtures';
import { createBusiness, startTestApp, TestApp, TestBusiness } from './helpers/test-app';

describe('GET /orders and GET /orders/:id', () => {
  let t: TestApp;
  let biz: TestBusiness;
  let other: TestBusiness;
  const orders: Record<string, { order_id: string; customer_id: string | null; order_number: string }> = {};

  const post = (b: TestBusiness, body: object) => t.http().post('/api/v1/orders').set(b.auth).send(body).expect(201);
  /** Moves a sale to a given instant, for the date filters. */
  const backdate = (id: string, at: string) => t.db.query(`UPDATE sales SET created_at = $2 WHERE id = $1`, [id, at]);

  beforeAll(async () => {
    t = await startTestApp();
    // Tokyo is UTC+9: 2026-03-01T16:00Z is already 2 March there
    biz = await createBusiness(t, 'List Shop', { timezone: 'Asia/Tokyo' });
    other = await createBusiness(t, 'Other');
    const tea = await seedProduct(t, biz, { name: 'Tea', sku: 'TEA', price: '4.00' });
    const cup = await seedProduct(t, biz, { name: 'Cup', sku: 'CUP', price: '7.50' });
    const first = await post(biz, { customer: { email: 'ann@shop.test' }, items: [{ product_id: tea, quantity: 1 }] });
    const second = await post(biz, {
      items: [
        { product_id: cup, quantity: 2 },
        { product_id: tea, quantity: 1, discount: 1 },
      ],
      send_invoice: true,
    });
    const third = await post(biz, { customer: { email: 'bob@shop.test' }, items: [{ product_id: cup, quantity: 1 }] });
    const fourth = await post(biz, { customer: { email: 'ann@shop.test' }, items: [{ product_id: tea, quantity: 3 }], send_invoice: true });
    Object.assign(orders, { first: first.body.data, second: second.body.data, third: third.body.data, fourth: fourth.body.data });
    await backdate(orders.first.order_id, '2026-02-28T10:00:00Z'); // 28 Feb in Tokyo
    await backdate(orders.second.order_id, '2026-03-01T14:59:59Z'); // 1 Mar 23:59:59 in Tokyo
    await backdate(orders.third.order_id, '2026-03-01T15:00:00Z'); // 2 Mar 00:00 in Tokyo
    await backdate(orders.fourth.order_id, '2026-03-05T00:00:00Z');
    await t.db.query(`UPDATE sales SET status = 'cancelled' WHERE id = $1`, [orders.third.order_id]);
    const otherProduct = await seedProduct(t, other);
    await post(other, { items: [{ product_id: otherProduct, quantity: 1 }] });
  });
  afterAll(() => t.close());

  const list = (query: string, b = biz) => t.http().get(`/api/v1/orders${query}`).set(b.auth);
  const numbers = (res: { body: { data: { order_number: string }[] } }) => res.body.data.map((o) => o.order_number);

  it('lists the business orders newest first, wrapped with meta, each a full order object', async () => {
    const res = await list('').expect(200);
    expect(Object.keys(res.body)).toEqual(['success', 'data', 'meta']);
    expect(res.body.meta).toEqual({ page: 1, per_page: 20, total: 4, total_pages: 1 });
    expect(numbers(res)).toEqual(['S-0004', 'S-0003', 'S-0002', 'S-0001']);
    const second = res.body.data[2];
    expect(second).toEqual({
      order_id: orders.second.order_id,
      order_number: 'S-0002',
      status: 'completed',
      payment_status: 'paid',
      payment_method: 'cash',
      customer_id: null,
      subtotal: 18,
      tax_amount: 0,
      tax_lines: [],
      tax_included: false,
      shipping_amount: 0,
      discount_amount: 0,
      total: 18,
      refunded_amount: 0,
      cash_tendered: null,
      change_due: null,
      currency: 'USD',
      loyalty_points_earned: 0,
      loyalty_transaction_id: null,
      invoice_id: expect.any(String),
      invoice_number: 'INV-0001',
      warehouse_id: biz.warehouse_id,
      notes: null,
      created_by: { type: 'key', id: biz.key_id, name: 'Owner key' },
      items: [
        {
          id: expect.any(String),
          product_id: expect.any(String),
          product_name: 'Cup',
          sku: 'CUP',
          quantity: 2,
          unit_price: 7.5,
          discount: 0,
          total: 15,
          returned_quantity: 0,
          unit_cost: 0,
          cost_total: 0,
        },
        {
          id: expect.any(String),
          product_id: expect.any(String),
          product_name: 'Tea',
          sku: 'TEA',
          quantity: 1,
          unit_price: 4,
          discount: 1,
          total: 3,
          returned_quantity: 0,
          unit_cost: 0,
          cost_total: 0,
        },
      ],
      created_at: '2026-03-01T14:59:59.000Z',
    });
  });

  it('GET /orders/:id is the same object as in the list and as created', async () => {
    const one = await t.http().get(`/api/v1/orders/${orders.fourth.order_id}`).set(biz.auth).expect(200);
    const listed = (await list('').expect(200)).body.data[0];
    expect(one.body).toEqual({ success: true, data: listed });
    const filtered = (await list('?status=completed').expect(200)).body.data;
    expect(filtered.find((o: { order_id: string }) => o.order_id === orders.fourth.order_id)).toEqual(listed);
    const created = { ...orders.fourth, created_at: '2026-03-05T00:00:00.000Z' };
    expect(one.body.data).toEqual(created);
  });

  it('pages with page and per_page', async () => {
    const page2 = await list('?page=2&per_page=3').expect(200);
    expect(numbers(page2)).toEqual(['S-0001']);
    expect(page2.body.meta).toEqual({ page: 2, per_page: 3, total: 4, total_pages: 2 });
    const beyond = await list('?page=9&per_page=3').expect(200);
    expect(beyond.body).toEqual({ success: true, data: [], meta: { page: 9, per_page: 3, total: 4, total_pages: 2 } });
  });

  it('filters by customer, status and inclusive dates in the business time zone', async () => {
    expect(numbers(await list(`?customer_id=${orders.first.customer_id}`).expect(200))).toEqual(['S-0004', 'S-0001']);
    expect(numbers(await list('?status=cancelled').expect(200))).toEqual(['S-0003']);
    expect(numbers(await list('?status=completed').expect(200))).toEqual(['S-0004', 'S-0002', 'S-0001']);
    expect((await list('?status=pending').expect(200)).body.meta.total).toBe(0);
    expect(numbers(await list('?from=2026-03-01&to=2026-03-01').expect(200))).toEqual(['S-0002']);
    expect(numbers(await list('?from=2026-03-02').expect(200))).toEqual(['S-0004', 'S-0003']);
    expect(numbers(await list('?to=2026-02-28').expect(200))).toEqual(['S-0001']);
    expect(numbers(await list('?from=2026-02-28&to=2026-03-04&status=completed').expect(200))).toEqual(['S-0002', 'S-0001']);
  });

  it.each([
    ['?status=unknown', 'status'],
    ['?customer_id=nope', 'customer_id'],
    ['?from=2026-02-30', 'from'],
    ['?from=2026-03-02&to=2026-03-01', 'from'],
    ['?page=0', 'page'],
    ['?per_page=101', 'per_page'],
    ['?sort=total', 'sort'],
  ])('400 for %s', async (query, field) => {
    const res = await list(query).expect(400);
    expect(res.body.error.code).toBe('VALIDATION_FAILED');
    expect(res.body.error.details.map((d: { field: string }) => d.field)).toContain(field);
  });

  it('shows every line exactly as sold on the list, a filtered page and the order: text of any kind, large amounts, line order', async () => {
    const shop = await createBusiness(t, 'Text Shop');
    const name = 'Crème "brûlée" \\ 50% \u{1F36E}\n2nd line';
    const odd = await seedProduct(t, shop, { name, sku: 'ODD-"1"', price: '999999999.99' });
    const plain = await seedProduct(t, shop, { name: 'Plain', sku: 'PLAIN', price: '0.10' });
    const sold = await post(shop, {
      customer: { email: 'text@shop.test' },
      items: [
        { product_id: plain, quantity: 1.5 },
        { product_id: odd, quantity: 100 },
        { product_id: plain, quantity: 2, discount: 0.05 },
      ],
    });
    const items = sold.body.data.items;
    expect(items.map((i: { product_name: string; sku: string }) => [i.product_name, i.sku])).toEqual([
      ['Plain', 'PLAIN'],
      [name, 'ODD-"1"'],
      ['Plain', 'PLAIN'],
    ]);
    expect(items[1].total).toBe(99999999999);
    const read = [
      (await t.http().get('/api/v1/orders').set(shop.auth).expect(200)).body.data[0],
      (await t.http().get(`/api/v1/orders?customer_id=${sold.body.data.customer_id}`).set(shop.auth).expect(200)).body.data[0],
      (await t.http().get(`/api/v1/orders/${sold.body.data.order_id}`).set(shop.auth).expect(200)).body.data,
    ];
    for (const order of read) expect(order).toEqual(sold.body.data);
  });

  it('reads an order back in the very text it was created with: by id, on the list and on a filtered page', async () => {
    const shop = await createBusiness(t, 'Byte Shop');
    const name = 'Tab\there, bell \u0007, quote " and \\ slash / \u2028 \u{1F36E}';
    const costly = await seedProduct(t, shop, { name, sku: 'B-1', price: '123456789.99' });
    const cheap = await seedProduct(t, shop, { name: 'Cheap', sku: 'B-2', price: '0.10' });
    await t.db.query(`UPDATE products SET average_cost = '7.1255' WHERE id = $1`, [cheap]);
    const paid = await post(shop, {
      customer: { email: 'bytes@shop.test', name: 'Byte Buyer' },
      send_invoice: true,
      notes: 'first line\nsecond "line"',
      tax_amount: 0.5,
      items: [
        { product_id: cheap, quantity: 2.125, discount: 0.01 },
        { product_id: costly, quantity: 3 },
      ],
    });
    const walkIn = await post(shop, { items: [{ product_id: cheap, quantity: 1 }] });
    for (const created of [paid, walkIn]) {
      const byId = await t.http().get(`/api/v1/orders/${created.body.data.order_id}`).set(shop.auth).expect(200);
      expect(byId.text).toBe(created.text);
    }
    expect(paid.body.data.items[0]).toMatchObject({ quantity: 2.125, unit_cost: 7.1255, cost_total: 15.14 });
    expect(paid.body.data.invoice_number).toMatch(/^INV-/);
    const page = await t.http().get('/api/v1/orders').set(shop.auth).expect(200);
    const dataOf = (text: string) => text.slice('{"success":true,"data":'.length, -1);
    expect(page.text).toBe(`{"success":true,"data":[${dataOf(walkIn.text)},${dataOf(paid.text)}],"meta":{"page":1,"per_page":20,"total":2,"total_pages":1}}`);
    const filtered = await t.http().get(`/api/v1/orders?customer_id=${paid.body.data.customer_id}`).set(shop.auth).expect(200);
    expect(filtered.text).toBe(`{"success":true,"data":[${dataOf(paid.text)}],"meta":{"page":1,"per_page":20,"total":1,"total_pages":1}}`);
  });

  it('never shows another business orders: 404 by id, absent from lists', async () => {
    const res = await t.http().get(`/api/v1/orders/${orders.first.order_id}`).set(other.auth).expect(404);
    expect(res.body.error.code).toBe('NOT_FOUND');
    const theirs = await list('', other).expect(200);
    expect(numbers(theirs)).toEqual(['S-0001']);
    expect(theirs.body.data[0].order_id).not.toBe(orders.first.order_id);
    await t.http().get('/api/v1/orders/00000000-0000-4000-8000-000000000000').set(biz.auth).expect(404);
    const bad = await t.http().get('/api/v1/orders/not-a-uuid').set(biz.auth).expect(400);
    expect(bad.body.error.details).toEqual([{ field: 'id', message: 'id must be a UUID' }]);
  });

  it('documents the orders and customers endpoints in the OpenAPI document', async () => {
    const doc = await t.http().get('/docs-json').expect(200);
    expect(Object.keys(doc.body.paths['/api/v1/orders']).sort()).toEqual(['get', 'post']);
    expect(Object.keys(doc.body.paths['/api/v1/orders/{id}'])).toEqual(['get']);
    expect(Object.keys(doc.body.paths['/api/v1/customers']).sort()).toEqual(['get', 'post']);
    expect(Object.keys(doc.body.paths['/api/v1/customers/{id}']).sort()).toEqual(['get', 'put']);
    expect(doc.body.paths['/api/v1/orders'].post.tags).toEqual(['orders']);
    const order = doc.body.components.schemas.CreateOrderDto;
    expect(order.required).toEqual(['items']);
    expect(Object.keys(order.properties).sort()).toEqual(
      [
        'cash_tendered',
        'customer',
        'discount_amount',
        'items',
        'notes',
        'payment_method',
        'send_invoice',
        'shipping_amount',
        'tax_amount',
        'warehouse_id',
      ].sort(),
    );
  });
});
