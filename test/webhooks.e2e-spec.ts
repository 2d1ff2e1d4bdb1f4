import { lookup } from 'dns/promises';
import { hostname } from 'os';
import { isNonPublicAddress } from '../src/modules/webhooks/url-policy';
import { countRows, createBusiness, ISO_MS, startTestApp, TestApp, TestBusiness } from './helpers/test-app';
import { UnitOfWork } from '../src/database/unit-of-work';
import { AnyEvent, commitEvents, Receiver, sleep, startReceiver, verifySignature } from './helpers/receiver';

const UUID = /^[0-9a-f-]{36}$/;

describe('webhooks: registration', () => {
  let t: TestApp;
  let biz: TestBusiness;
  let other: TestBusiness;

  beforeAll(async () => {
    t = await startTestApp({ webhookAllowInsecure: true, webhookDispatcher: false });
    biz = await createBusiness(t);
    other = await createBusiness(t, 'Other Shop');
  });
  afterAll(() => t.close());

  it('creates a webhook: 201, the secret never returned', async () => {
    const res = await t
      .http()
      .post('/api/v1/webhooks')
      .set(biz.auth)
      .send({ url: 'http://127.0.0.1:9/hook', events: ['sale.completed', 'stock.low'], secret: 'whsec_abc' })
      .expect(201);
    expect(res.body).toEqual({
      success: true,
      data: {
        id: expect.stringMatching(UUID),
        url: 'http://127.0.0.1:9/hook',
        events: ['sale.completed', 'stock.low'],
        is_active: true,
        secret_set: true,
        created_at: expect.stringMatching(ISO_MS),
        updated_at: expect.stringMatching(ISO_MS),
      },
    });
    expect(JSON.stringify(res.body)).not.toContain('whsec_abc');
    const stored = await t.db.query(`SELECT secret FROM webhooks WHERE id = $1`, [res.body.data.id]);
    expect(stored).toEqual([{ secret: 'whsec_abc' }]);
  });

  it('lists, reads, updates and deletes within the business', async () => {
    const shop = await createBusiness(t);
    const a = (
      await t
        .http()
        .post('/api/v1/webhooks')
        .set(shop.auth)
        .send({ url: 'https://a.example.com/in', events: ['stock.out'] })
        .expect(201)
    ).body.data;
    const b = (
      await t
        .http()
        .post('/api/v1/webhooks')
        .set(shop.auth)
        .send({ url: 'https://b.example.com/in', events: ['invoice.paid'] })
        .expect(201)
    ).body.data;
    expect(a.secret_set).toBe(false);

    const list = await t.http().get('/api/v1/webhooks').set(shop.auth).expect(200);
    expect(list.body).toEqual({ success: true, data: [b, a], meta: { page: 1, per_page: 20, total: 2, total_pages: 1 } });
    const second = await t.http().get('/api/v1/webhooks?per_page=1&page=2').set(shop.auth).expect(200);
    expect(second.body).toEqual({ success: true, data: [a], meta: { page: 2, per_page: 1, total: 2, total_pages: 2 } });
    const unknownParameter = await t.http().get('/api/v1/webhooks?sort=url').set(shop.auth).expect(400);
    expect(unknownParameter.body.error.code).toBe('VALIDATION_FAILED');
    await t.http().get(`/api/v1/webhooks/${a.id}`).set(shop.auth).expect(200, { success: true, data: a });

    const paused = await t.http().put(`/api/v1/webhooks/${a.id}`).set(shop.auth).send({ is_active: false }).expect(200);
    expect(paused.body.data).toEqual({ ...a, is_active: false, updated_at: expect.stringMatching(ISO_MS) });

    const changed = await t
      .http()
      .put(`/api/v1/webhooks/${a.id}`)
      .set(shop.auth)
      .send({ url: 'https://c.example.com/in', events: ['stock.out', 'stock.low'], secret: 's3cret!' })
      .expect(200);
    expect(changed.body.data).toMatchObject({ url: 'https://c.example.com/in', events: ['stock.out', 'stock.low'], is_active: false, secret_set: true });
    const cleared = await t.http().put(`/api/v1/webhooks/${a.id}`).set(shop.auth).send({ secret: null }).expect(200);
    expect(cleared.body.data.secret_set).toBe(false);

    const deleted = await t.http().delete(`/api/v1/webhooks/${a.id}`).set(shop.auth).expect(204);
    expect(deleted.text).toBe('');
    await t.http().get(`/api/v1/webhooks/${a.id}`).set(shop.auth).expect(404);
    await t.http().delete(`/api/v1/webhooks/${a.id}`).set(shop.auth).expect(404);
    expect((await t.http().get('/api/v1/webhooks').set(shop.auth).expect(200)).body.data).toEqual([b]);
  });

  it("answers 404 for another business's webhook and never lists it", async () => {
    const mine = (
      await t
        .http()
        .post('/api/v1/webhooks')
        .set(biz.auth)
        .send({ url: 'https://a.example.com/x', events: ['stock.out'] })
        .expect(201)
    ).body.data;
    for (const req of [
      t.http().get(`/api/v1/webhooks/${mine.id}`),
      t.http().put(`/api/v1/webhooks/${mine.id}`).send({ is_active: false }),
      t.http().delete(`/api/v1/webhooks/${mine.id}`),
      t.http().get(`/api/v1/webhooks/${mine.id}/deliveries`),
    ]) {
      const res = await req.set(other.auth).expect(404);
      expect(res.body.error.code).toBe('NOT_FOUND');
    }
    expect((await t.http().get('/api/v1/webhooks').set(other.auth).expect(200)).body.data).toEqual([]);
    const still = await t.http().get(`/api/v1/webhooks/${mine.id}`).set(biz.auth).expect(200);
    expect(still.body.data.is_active).toBe(true);
  });

  it('documents every webhook and events route in the OpenAPI document', async () => {
    const doc = await t.http().get('/docs-json').expect(200);
    expect(Object.keys(doc.body.paths)).toEqual(
      expect.arrayContaining([
        '/api/v1/webhooks',
        '/api/v1/webhooks/{id}',
        '/api/v1/webhooks/{id}/deliveries',
        '/api/v1/webhooks/{id}/deliveries/{delivery_id}/redeliver',
        '/api/v1/events',
      ]),
    );
    expect(Object.keys(doc.body.paths['/api/v1/webhooks/{id}']).sort()).toEqual(['delete', 'get', 'put']);
  });

  it('rejects malformed ids and bodies with 400', async () => {
    await t.http().get('/api/v1/webhooks/not-a-uuid').set(biz.auth).expect(400);
    const cases: [Record<string, unknown>, string][] = [
      [{ events: ['sale.completed'] }, 'url'],
      [{ url: 'https://a.example.com', events: ['sale.completed', 'sale.completed'] }, 'events'],
      [{ url: 'https://a.example.com', events: 'sale.completed' }, 'events'],
      [{ url: 'https://a.example.com', events: ['sale.completed'], secret: '' }, 'secret'],
      [{ url: 'https://a.example.com', events: ['sale.completed'], active: true }, 'active'],
      [{ url: 'ftp://a.example.com/x', events: ['sale.completed'] }, 'url'],
    ];
    for (const [body, field] of cases) {
      const res = await t.http().post('/api/v1/webhooks').set(biz.auth).send(body).expect(400);
      expect(res.body.error.code).toBe('VALIDATION_FAILED');
      expect(res.body.error.details.map((d: { field: string }) => d.field)).toContain(field);
    }
    const target = (
      await t
        .http()
        .post('/api/v1/webhooks')
        .set(biz.auth)
        .send({ url: 'https://a.example.com/y', events: ['stock.out'] })
        .expect(201)
    ).body.data;
    for (const body of [{ events: [] }, { url: null }, { is_active: 'no' }, { events: ['order.created'] }]) {
      await t.http().put(`/api/v1/webhooks/${target.id}`).set(biz.auth).send(body).expect(400);
    }
    // a secret travels in a header: visible ASCII only (0x21..0x7E), 1 to 255 characters
    const webhooksBefore = await countRows(t, 'webhooks', biz.business_id);
    for (const secret of ['секрет', 'line\r\nX-Injected: 1', 'with space', 'tab\there', 'x'.repeat(256), 'é']) {
      const created = await t
        .http()
        .post('/api/v1/webhooks')
        .set(biz.auth)
        .send({ url: 'https://a.example.com/s', events: ['stock.out'], secret })
        .expect(400);
      expect(created.body.error.details).toEqual([expect.objectContaining({ field: 'secret' })]);
      const updated = await t.http().put(`/api/v1/webhooks/${target.id}`).set(biz.auth).send({ secret }).expect(400);
      expect(updated.body.error.details).toEqual([expect.objectContaining({ field: 'secret' })]);
    }
    expect(await countRows(t, 'webhooks', biz.business_id)).toBe(webhooksBefore);
  });
});

describe('webhooks: https only without WEBHOOK_ALLOW_INSECURE', () => {
  let t: TestApp;
  let biz: TestBusiness;

  beforeAll(async () => {
    t = await startTestApp({ webhookAllowInsecure: false, webhookDispatchIntervalMs: 100 });
    biz = await createBusiness(t);
  });
  afterAll(() => t.close());

  it.each([
    ['an http url', { url: 'http://hooks.example.com/in', events: ['sale.completed'] }, 'url', 'url must use https'],
    [
      'a loopback address',
      { url: 'https://127.0.0.1/in', events: ['sale.completed'] },
      'url',
      'url must not point to a private, loopback or link-local address',
    ],
    [
      'a private address',
      { url: 'https://10.1.2.3:8443/in', events: ['sale.completed'] },
      'url',
      'url must not point to a private, loopback or link-local address',
    ],
    [
      'a link-local address',
      { url: 'https://169.254.169.254/latest', events: ['sale.completed'] },
      'url',
      'url must not point to a private, loopback or link-local address',
    ],
    ['an IPv6 loopback', { url: 'https://[::1]/in', events: ['sale.completed'] }, 'url', 'url must not point to a private, loopback or link-local address'],
    ['localhost', { url: 'https://localhost/in', events: ['sale.completed'] }, 'url', 'url must not point to a local host'],
    [
      'an IPv4-compatible IPv6 loopback',
      { url: 'https://[::127.0.0.1]/in', events: ['sale.completed'] },
      'url',
      'url must not point to a private, loopback or link-local address',
    ],
    [
      'a local-use NAT64 address',
      { url: 'https://[64:ff9b:1::a00:1]/in', events: ['sale.completed'] },
      'url',
      'url must not point to a private, loopback or link-local address',
    ],
    [
      'a 6to4 address of a private IPv4',
      { url: 'https://[2002:a00:1::1]/in', events: ['sale.completed'] },
      'url',
      'url must not point to a private, loopback or link-local address',
    ],
    ['TEST-NET-1', { url: 'https://192.0.2.10/in', events: ['sale.completed'] }, 'url', 'url must not point to a private, loopback or link-local address'],
    ['TEST-NET-2', { url: 'https://198.51.100.7/in', events: ['sale.completed'] }, 'url', 'url must not point to a private, loopback or link-local address'],
    ['TEST-NET-3', { url: 'https://203.0.113.99/in', events: ['sale.completed'] }, 'url', 'url must not point to a private, loopback or link-local address'],
    [
      'IPv6 documentation',
      { url: 'https://[2001:db8::1]/in', events: ['sale.completed'] },
      'url',
      'url must not point to a private, loopback or link-local address',
    ],
    [
      'the IPv6 discard block',
      { url: 'https://[100::1]/in', events: ['sale.completed'] },
      'url',
      'url must not point to a private, loopback or link-local address',
    ],
    [
      'an unknown event name',
      { url: 'https://hooks.example.com/in', events: ['sale.completed', 'order.created'] },
      'events',
      'each value in events must be one of: sale.completed, sale.cancelled, sale.returned, invoice.paid, invoice.sent, stock.low, stock.out, stock.adjusted, customer.created, expense.created, payroll.processed, purchase_order.received, stock.transferred, import.completed',
    ],
    ['empty events', { url: 'https://hooks.example.com/in', events: [] }, 'events', 'events must contain at least one event name'],
    ['missing events', { url: 'https://hooks.example.com/in' }, 'events', 'events must be an array'],
  ])('400 for %s, nothing written', async (_label, body, field, message) => {
    const res = await t.http().post('/api/v1/webhooks').set(biz.auth).send(body).expect(400);
    expect(res.body.error.code).toBe('VALIDATION_FAILED');
    expect(res.body.error.details).toContainEqual({ field, message });
    expect(await countRows(t, 'webhooks', biz.business_id)).toBe(0);
  });

  it('refuses an update to a private url', async () => {
    const hook = (
      await t
        .http()
        .post('/api/v1/webhooks')
        .set(biz.auth)
        .send({ url: 'https://hooks.example.com/in', events: ['stock.out'] })
        .expect(201)
    ).body.data;
    const res = await t.http().put(`/api/v1/webhooks/${hook.id}`).set(biz.auth).send({ url: 'https://192.168.1.1/in' }).expect(400);
    expect(res.body.error.details).toEqual([{ field: 'url', message: 'url must not point to a private, loopback or link-local address' }]);
    await t.http().delete(`/api/v1/webhooks/${hook.id}`).set(biz.auth).expect(204);
  });

  it('refuses at delivery time a url registered while insecure urls were allowed', async () => {
    const [hook] = await t.db.query(
      `INSERT INTO webhooks (business_id, url, events) VALUES ($1, 'http://127.0.0.1:9/in', '{payroll.processed}') RETURNING id`,
      [biz.business_id],
    );
    await commitEvents(t.app, biz.business_id, [['payroll.processed', { run_id: 'r1' }]]);
    const delivery = await waitForDelivery(t, biz, hook.id, (d) => d.status === 'failed');
    expect(delivery).toMatchObject({ status: 'failed', attempts: 1, response_code: null, error: 'destination not allowed' });
  });

  it('refuses at delivery time a host name that resolves to a loopback address', async () => {
    const name = hostname();
    const addresses = await lookup(name, { all: true });
    expect(addresses.some((a) => isNonPublicAddress(a.address))).toBe(true); // precondition of this machine: its own name is local
    const hook = (
      await t
        .http()
        .post('/api/v1/webhooks')
        .set(biz.auth)
        .send({ url: `https://${name}:1/in`, events: ['expense.created'] })
        .expect(201)
    ).body.data;
    await commitEvents(t.app, biz.business_id, [['expense.created', { expense_id: 'x' }]]);
    const delivery = await waitForDelivery(t, biz, hook.id, (d) => d.status === 'failed');
    expect(delivery).toMatchObject({ status: 'failed', attempts: 1, response_code: null });
    // one generic reason: the log of a tenant does not say which internal name resolves to what
    expect(delivery.error).toBe('destination not allowed');
  });

  it('answers a name that does not resolve like one that resolves to a private address: existing and missing names look alike', async () => {
    const hook = (
      await t
        .http()
        .post('/api/v1/webhooks')
        .set(biz.auth)
        .send({ url: 'https://no-such-host.invalid/in', events: ['expense.created'] })
        .expect(201)
    ).body.data;
    await commitEvents(t.app, biz.business_id, [['expense.created', { expense_id: 'y' }]]);
    const delivery = await waitForDelivery(t, biz, hook.id, (d) => d.status === 'failed');
    expect(delivery).toMatchObject({ status: 'failed', attempts: 1, response_code: null, error: 'destination not allowed' });
  });
});

describe('webhooks: delivery', () => {
  let t: TestApp;
  let receiver: Receiver;

  beforeAll(async () => {
    t = await startTestApp({ webhookAllowInsecure: true, webhookDispatchIntervalMs: 100, webhookTimeoutMs: 2000 });
    receiver = await startReceiver();
  });
  afterAll(async () => {
    await t.close();
    await receiver.close();
  });

  async function subscribe(biz: TestBusiness, path: string, events: string[], extra: Record<string, unknown> = {}) {
    const res = await t
      .http()
      .post('/api/v1/webhooks')
      .set(biz.auth)
      .send({ url: `${receiver.url}${path}`, events, ...extra })
      .expect(201);
    return res.body.data;
  }

  async function product(biz: TestBusiness, minStock = 0) {
    const res = await t.http().post('/api/v1/products').set(biz.auth).send({ name: 'Beans', price: 10, min_stock: minStock }).expect(201);
    return res.body.data.id as string;
  }

  it('delivers a stock adjustment once, signed, to the subscribed active webhook of the business only', async () => {
    const biz = await createBusiness(t);
    const stranger = await createBusiness(t, 'Stranger');
    const subscribed = await subscribe(biz, '/d1/subscribed', ['stock.adjusted'], { secret: 'whsec_d1' });
    await subscribe(biz, '/d1/unsubscribed', ['stock.low', 'sale.completed']);
    const inactive = await subscribe(biz, '/d1/inactive', ['stock.adjusted']);
    await t.http().put(`/api/v1/webhooks/${inactive.id}`).set(biz.auth).send({ is_active: false }).expect(200);
    await subscribe(stranger, '/d1/stranger', ['stock.adjusted']);
    const productId = await product(biz);

    const adj = await t.http().post('/api/v1/stock/adjustments').set(biz.auth).send({ product_id: productId, quantity: 5, reason: 'restock' }).expect(201);
    const [got] = await receiver.waitFor(1, { path: '/d1/subscribed' });
    await sleep(400); // several polls: anything else would have arrived by now

    expect(receiver.on('/d1/subscribed')).toHaveLength(1);
    expect(receiver.on('/d1/unsubscribed')).toHaveLength(0);
    expect(receiver.on('/d1/inactive')).toHaveLength(0);
    expect(receiver.on('/d1/stranger')).toHaveLength(0);

    const [event] = await t.db.query(`SELECT id, created_at FROM outbox_events WHERE business_id = $1 AND type = 'stock.adjusted'`, [biz.business_id]);
    expect(got.method).toBe('POST');
    expect(got.headers['content-type']).toBe('application/json');
    expect(got.headers['x-service-event']).toBe('stock.adjusted');
    expect(got.headers['x-service-delivery']).toBe(event.id);
    expect(got.headers['x-service-signature']).toBe('whsec_d1');
    expect(verifySignature(got.headers['x-service-signature-256'] as string, 'whsec_d1', got.rawBody)).toBe(true);
    expect(verifySignature(got.headers['x-service-signature-256'] as string, 'wrong', got.rawBody)).toBe(false);
    expect(got.body).toEqual({
      id: event.id,
      event: 'stock.adjusted',
      timestamp: event.created_at.toISOString(),
      data: {
        movement_id: adj.body.data.id,
        product_id: productId,
        warehouse_id: biz.warehouse_id,
        quantity: 5,
        quantity_after: 5,
        reason: 'restock',
        note: null,
      },
    });

    const log = await t.http().get(`/api/v1/webhooks/${subscribed.id}/deliveries`).set(biz.auth).expect(200);
    expect(log.body).toEqual({
      success: true,
      data: [
        {
          id: expect.stringMatching(UUID),
          webhook_id: subscribed.id,
          event: 'stock.adjusted',
          event_id: event.id,
          status: 'succeeded',
          response_code: 200,
          duration_ms: expect.any(Number),
          error: null,
          attempts: 1,
          next_attempt_at: null,
          created_at: expect.stringMatching(ISO_MS),
          updated_at: expect.stringMatching(ISO_MS),
        },
      ],
      meta: { page: 1, per_page: 20, total: 1, total_pages: 1 },
    });
    expect(await countRows(t, 'webhook_deliveries', biz.business_id)).toBe(1);
    expect(await countRows(t, 'webhook_deliveries', stranger.business_id)).toBe(0);
  });

  it('signs with a secret of 255 visible ASCII characters exactly as given (docs/api.md 10)', async () => {
    const biz = await createBusiness(t, 'Long secret');
    const visible = Array.from({ length: 0x7e - 0x21 + 1 }, (_, i) => String.fromCharCode(0x21 + i)).join('');
    const secret = visible.repeat(3).slice(0, 255);
    await subscribe(biz, '/d1/long-secret', ['stock.adjusted'], { secret });
    const productId = await product(biz);
    await t.http().post('/api/v1/stock/adjustments').set(biz.auth).send({ product_id: productId, quantity: 1, reason: 'restock' }).expect(201);
    const [got] = await receiver.waitFor(1, { path: '/d1/long-secret' });
    expect(got.headers['x-service-signature']).toBe(secret);
    expect(verifySignature(got.headers['x-service-signature-256'] as string, secret, got.rawBody)).toBe(true);
  });

  it('sends no signature headers without a secret', async () => {
    const biz = await createBusiness(t);
    await subscribe(biz, '/d2', ['customer.created']);
    await commitEvents(t.app, biz.business_id, [['customer.created', { customer_id: 'c1' }]]);
    const [got] = await receiver.waitFor(1, { path: '/d2' });
    expect(got.headers['x-service-event']).toBe('customer.created');
    expect(got.headers['x-service-signature']).toBeUndefined();
    expect(got.headers['x-service-signature-256']).toBeUndefined();
  });

  it('delivers stock.adjusted, stock.low and stock.out when an adjustment crosses the levels', async () => {
    const biz = await createBusiness(t);
    await subscribe(biz, '/d3', ['stock.adjusted', 'stock.low', 'stock.out']);
    const productId = await product(biz, 3);
    await t.http().post('/api/v1/stock/adjustments').set(biz.auth).send({ product_id: productId, quantity: 5, reason: 'restock' }).expect(201);
    await t.http().post('/api/v1/stock/adjustments').set(biz.auth).send({ product_id: productId, quantity: -3, reason: 'damage' }).expect(201);
    await t.http().post('/api/v1/stock/adjustments').set(biz.auth).send({ product_id: productId, quantity: -2, reason: 'count' }).expect(201);
    const got = await receiver.waitFor(5, { path: '/d3' });
    await sleep(300);
    expect(receiver.on('/d3')).toHaveLength(5);
    const byEvent = (name: string) => got.filter((r) => r.body.event === name).map((r) => r.body.data);
    expect(
      byEvent('stock.adjusted')
        .map((d) => d.quantity_after)
        .sort(),
    ).toEqual([0, 2, 5]);
    expect(byEvent('stock.low')).toEqual([{ product_id: productId, name: 'Beans', sku: expect.any(String), stock: 2, min_stock: 3 }]);
    expect(byEvent('stock.out')).toEqual([{ product_id: productId, name: 'Beans', sku: expect.any(String), stock: 0, min_stock: 3 }]);
    for (const r of got) expect(r.headers['x-service-event']).toBe(r.body.event);
  });

  it('delivers each event type to a webhook subscribed to it, with the data it was recorded with', async () => {
    const biz = await createBusiness(t);
    const names = ['sale.completed', 'sale.cancelled', 'invoice.paid', 'customer.created', 'expense.created', 'payroll.processed'] as const;
    await subscribe(biz, '/d4', [...names]);
    const recorded = await commitEvents(
      t.app,
      biz.business_id,
      names.map((n, i) => [n, { n: i, name: n }]),
    );
    const got = await receiver.waitFor(names.length, { path: '/d4' });
    expect(got.map((r) => r.body.event).sort()).toEqual([...names].sort());
    for (const e of recorded) {
      const r = got.find((x) => x.body.id === e.id)!;
      expect(r.body).toEqual({ id: e.id, event: e.name, timestamp: e.occurredAt.toISOString(), data: e.data });
    }
  });

  it('delivers nothing for events of a rolled-back transaction or a rejected request', async () => {
    const biz = await createBusiness(t);
    await subscribe(biz, '/d5', ['expense.created', 'stock.adjusted']);
    const productId = await product(biz);
    const res = await t.http().post('/api/v1/stock/adjustments').set(biz.auth).send({ product_id: productId, quantity: -1, reason: 'damage' }).expect(422);
    expect(res.body.error.code).toBe('INSUFFICIENT_STOCK');
    const rolledBack = t.app.get(UnitOfWork).run((tx) => {
      tx.record(new AnyEvent(biz.business_id, 'expense.created', { rolled_back: true }));
      throw new Error('boom');
    });
    await expect(rolledBack).rejects.toThrow('boom');
    await commitEvents(t.app, biz.business_id, [['expense.created', { rolled_back: false }]]);
    const [got] = await receiver.waitFor(1, { path: '/d5' });
    await sleep(300);
    expect(receiver.on('/d5')).toHaveLength(1);
    expect(got.body.data).toEqual({ rolled_back: false });
    expect(await countRows(t, 'outbox_events', biz.business_id)).toBe(1);
  });

  it('does not deliver events committed before the webhook was registered', async () => {
    const biz = await createBusiness(t);
    await commitEvents(t.app, biz.business_id, [['invoice.paid', { before: true }]]);
    await sleep(250);
    await subscribe(biz, '/d6', ['invoice.paid']);
    await commitEvents(t.app, biz.business_id, [['invoice.paid', { before: false }]]);
    const [got] = await receiver.waitFor(1, { path: '/d6' });
    await sleep(300);
    expect(receiver.on('/d6')).toHaveLength(1);
    expect(got.body.data).toEqual({ before: false });
  });
});

interface DeliveryJson {
  status: string;
  attempts: number;
  response_code: number | null;
  error: string | null;
}

async function waitForDelivery(t: TestApp, biz: TestBusiness, webhookId: string, done: (d: DeliveryJson) => boolean): Promise<DeliveryJson> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const res = await t.http().get(`/api/v1/webhooks/${webhookId}/deliveries`).set(biz.auth).expect(200);
    const found = (res.body.data as DeliveryJson[]).find(done);
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no delivery matched: ${JSON.stringify(res.body.data)}`);
    await sleep(50);
  }
}
