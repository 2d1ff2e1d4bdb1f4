import { createBusiness, ISO_MS, startTestApp, TestApp, TestBusiness } from './helpers/test-app';
import { seedProduct } from './helpers/orders-fixtures';
import { Receiver, refusingUrl, sleep, startReceiver, verifySignature } from './helpers/receiver';

const TIMEOUT_MS = 1_500;

describe('webhooks driven by orders and the other real endpoints', () => {
  let t: TestApp;
  let receiver: Receiver;

  beforeAll(async () => {
    t = await startTestApp({ webhookAllowInsecure: true, webhookDispatchIntervalMs: 100, webhookTimeoutMs: TIMEOUT_MS });
    receiver = await startReceiver((req) => {
      if (req.path.startsWith('/fail')) return { status: 500 };
      if (req.path.startsWith('/hang')) return { delayMs: 10_000 };
      return {};
    });
  });
  afterAll(async () => {
    await t.close();
    await receiver.close();
  });

  async function subscribe(biz: TestBusiness, url: string, events: string[], extra: Record<string, unknown> = {}) {
    return (
      await t
        .http()
        .post('/api/v1/webhooks')
        .set(biz.auth)
        .send({ url, events, ...extra })
        .expect(201)
    ).body.data;
  }

  async function order(biz: TestBusiness, body: Record<string, unknown>) {
    return (await t.http().post('/api/v1/orders').set(biz.auth).send(body).expect(201)).body.data;
  }

  it('an order delivers exactly one signed sale.completed with the body of docs/webhooks.md, only where subscribed', async () => {
    const biz = await createBusiness(t);
    const stranger = await createBusiness(t, 'Stranger');
    const hook = await subscribe(biz, `${receiver.url}/o1/sub`, ['sale.completed'], { secret: 'whsec_orders' });
    await subscribe(biz, `${receiver.url}/o1/unsub`, ['invoice.paid', 'stock.out']);
    const inactive = await subscribe(biz, `${receiver.url}/o1/inactive`, ['sale.completed']);
    await t.http().put(`/api/v1/webhooks/${inactive.id}`).set(biz.auth).send({ is_active: false }).expect(200);
    await subscribe(stranger, `${receiver.url}/o1/stranger`, ['sale.completed']);
    const beans = await seedProduct(t, biz, { name: 'Beans', sku: 'BEAN-1', price: '12.50', stock: '10' });
    const mugs = await seedProduct(t, biz, { name: 'Mug', sku: 'MUG-1', price: '8.00', stock: '10' });

    const created = await order(biz, {
      customer: { name: 'Ada', email: 'ada@example.com' },
      items: [
        { product_id: beans, quantity: 2 },
        { product_id: mugs, quantity: 1, price: 7.5, discount: 0.5 },
      ],
      tax_amount: 3.1,
    });
    const [got] = await receiver.waitFor(1, { path: '/o1/sub' });
    await sleep(400);
    expect(receiver.on('/o1/sub')).toHaveLength(1);
    expect(receiver.on('/o1/unsub')).toHaveLength(0);
    expect(receiver.on('/o1/inactive')).toHaveLength(0);
    expect(receiver.on('/o1/stranger')).toHaveLength(0);

    expect(got.headers['content-type']).toBe('application/json');
    expect(got.headers['x-service-event']).toBe('sale.completed');
    expect(got.headers['x-service-signature']).toBe('whsec_orders');
    expect(verifySignature(got.headers['x-service-signature-256'] as string, 'whsec_orders', got.rawBody)).toBe(true);
    expect(got.body).toEqual({
      id: got.headers['x-service-delivery'],
      event: 'sale.completed',
      timestamp: expect.stringMatching(ISO_MS),
      data: {
        sale_id: created.order_id,
        sale_number: created.order_number,
        total: 35.1,
        customer_id: created.customer_id,
        items: [
          { product_id: beans, product_name: 'Beans', sku: 'BEAN-1', quantity: 2, unit_price: 12.5, discount: 0, total: 25 },
          { product_id: mugs, product_name: 'Mug', sku: 'MUG-1', quantity: 1, unit_price: 7.5, discount: 0.5, total: 7 },
        ],
      },
    });
    expect(created.total).toBe(35.1);
    expect(created.order_number).toMatch(/^S-\d{4,}$/);

    const [logged] = (await t.http().get(`/api/v1/webhooks/${hook.id}/deliveries`).set(biz.auth).expect(200)).body.data;
    expect(logged).toMatchObject({ event: 'sale.completed', event_id: got.body.id, status: 'succeeded', response_code: 200, attempts: 1 });
    const feed = await t.http().get('/api/v1/events?type=sale.completed').set(biz.auth).expect(200);
    expect(feed.body.data).toEqual([got.body]);
  });

  it('an order returns before receivers that fail, hang or refuse; each is logged failed with its cause, once', async () => {
    const biz = await createBusiness(t);
    const failing = await subscribe(biz, `${receiver.url}/fail/order`, ['sale.completed']);
    const hanging = await subscribe(biz, `${receiver.url}/hang/order`, ['sale.completed']);
    const refused = await subscribe(biz, `${await refusingUrl()}/order`, ['sale.completed']);
    const product = await seedProduct(t, biz, { stock: '5' });

    const started = Date.now();
    const res = await t
      .http()
      .post('/api/v1/orders')
      .set(biz.auth)
      .send({ items: [{ product_id: product, quantity: 1 }] })
      .expect(201);
    const tookMs = Date.now() - started;
    expect(res.body.data.order_number).toMatch(/^S-/);
    const [hung] = await receiver.waitFor(1, { path: '/hang/order' });
    expect(hung.answeredAt).toBeUndefined();
    expect(tookMs).toBeLessThan(TIMEOUT_MS);

    const causes: Record<string, unknown> = {};
    for (const [name, hook] of Object.entries({ failing, hanging, refused })) {
      const deadline = Date.now() + 10_000;
      for (;;) {
        const [d] = (await t.http().get(`/api/v1/webhooks/${hook.id}/deliveries`).set(biz.auth).expect(200)).body.data;
        if (d && d.status !== 'pending' && d.status !== 'delivering') {
          causes[name] = { status: d.status, attempts: d.attempts, response_code: d.response_code, error: d.error };
          break;
        }
        if (Date.now() > deadline) throw new Error(`${name} never settled`);
        await sleep(50);
      }
    }
    expect(causes).toEqual({
      failing: { status: 'failed', attempts: 1, response_code: 500, error: 'receiver answered 500' },
      hanging: { status: 'failed', attempts: 1, response_code: null, error: `timed out after ${TIMEOUT_MS} ms` },
      refused: { status: 'failed', attempts: 1, response_code: null, error: 'connection refused' },
    });
    await sleep(1_200); // past the first backoff step: nothing is retried by default
    expect(receiver.on('/fail/order')).toHaveLength(1);
    expect(receiver.on('/hang/order')).toHaveLength(1);
  });

  it('an order with a new customer and stock crossing its levels delivers customer.created, stock.low and stock.out', async () => {
    const biz = await createBusiness(t);
    await subscribe(biz, `${receiver.url}/o3`, ['customer.created', 'stock.low', 'stock.out']);
    const low = await seedProduct(t, biz, { name: 'Low', sku: 'LOW-1', stock: '5', minStock: '3' });
    const out = await seedProduct(t, biz, { name: 'Out', sku: 'OUT-1', stock: '2' });
    const created = await order(biz, {
      customer: { name: 'Grace', email: 'grace@example.com' },
      items: [
        { product_id: low, quantity: 3 },
        { product_id: out, quantity: 2 },
      ],
    });
    const got = await receiver.waitFor(3, { path: '/o3' });
    await sleep(300);
    expect(receiver.on('/o3')).toHaveLength(3);
    const data = (name: string) => got.filter((r) => r.body.event === name).map((r) => r.body.data);
    expect(data('customer.created')).toEqual([expect.objectContaining({ customer_id: created.customer_id, email: 'grace@example.com' })]);
    expect(data('stock.low')).toEqual([{ product_id: low, name: 'Low', sku: 'LOW-1', stock: 2, min_stock: 3 }]);
    expect(data('stock.out')).toEqual([{ product_id: out, name: 'Out', sku: 'OUT-1', stock: 0, min_stock: 0 }]);
  });

  it('POST /customers delivers customer.created', async () => {
    const biz = await createBusiness(t);
    await subscribe(biz, `${receiver.url}/o4`, ['customer.created']);
    const customer = (await t.http().post('/api/v1/customers').set(biz.auth).send({ name: 'Linus', email: 'linus@example.com' }).expect(201)).body.data;
    const [got] = await receiver.waitFor(1, { path: '/o4' });
    expect(got.body).toMatchObject({ event: 'customer.created', data: { customer_id: customer.id, name: 'Linus', email: 'linus@example.com' } });
  });

  it('a rejected order delivers nothing', async () => {
    const biz = await createBusiness(t);
    await subscribe(biz, `${receiver.url}/o5`, ['sale.completed', 'customer.created', 'stock.out', 'stock.low']);
    const product = await seedProduct(t, biz, { stock: '1' });
    await t
      .http()
      .post('/api/v1/orders')
      .set(biz.auth)
      .send({ customer: { email: 'new@example.com' }, items: [{ product_id: product, quantity: 2 }] })
      .expect(422);
    await sleep(400);
    expect(receiver.on('/o5')).toHaveLength(0);
    const [{ n }] = await t.db.query(`SELECT count(*)::int AS n FROM outbox_events WHERE business_id = $1`, [biz.business_id]);
    expect(n).toBe(0);
  });
});
