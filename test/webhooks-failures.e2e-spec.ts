import { createBusiness, startTestApp, TestApp, TestBusiness } from './helpers/test-app';
import { commitEvents, pollUntil, Receiver, refusingUrl, sleep, startReceiver } from './helpers/receiver';

interface Delivery {
  id: string;
  event_id: string;
  status: string;
  attempts: number;
  response_code: number | null;
  duration_ms: number | null;
  error: string | null;
  next_attempt_at: string | null;
}

async function deliveries(t: TestApp, biz: TestBusiness, webhookId: string, query = ''): Promise<Delivery[]> {
  const res = await t.http().get(`/api/v1/webhooks/${webhookId}/deliveries${query}`).set(biz.auth).expect(200);
  return res.body.data;
}

async function settled(t: TestApp, biz: TestBusiness, webhookId: string, count = 1, timeoutMs = 10_000): Promise<Delivery[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const rows = await deliveries(t, biz, webhookId);
    if (rows.length >= count && rows.every((d) => d.status === 'succeeded' || d.status === 'failed')) return rows;
    if (Date.now() > deadline) throw new Error(`deliveries not settled: ${JSON.stringify(rows)}`);
    await sleep(50);
  }
}

describe('webhooks: failing receivers (one attempt, the default)', () => {
  const TIMEOUT_MS = 500;
  let t: TestApp;
  let receiver: Receiver;

  beforeAll(async () => {
    t = await startTestApp({
      webhookAllowInsecure: true,
      webhookDispatchIntervalMs: 100,
      webhookTimeoutMs: TIMEOUT_MS,
      webhookMaxAttempts: 1,
      webhookConcurrency: 4,
    });
    receiver = await startReceiver((req) => {
      if (req.path.startsWith('/fail')) return { status: 500 };
      if (req.path.startsWith('/slow')) return { delayMs: 5_000 };
      return {};
    });
  });
  afterAll(async () => {
    await t.close();
    await receiver.close();
  });

  async function subscribe(biz: TestBusiness, url: string, events = ['expense.created']) {
    return (await t.http().post('/api/v1/webhooks').set(biz.auth).send({ url, events }).expect(201)).body.data;
  }

  it('logs a 500 as failed with the code and does not retry', async () => {
    const biz = await createBusiness(t);
    const hook = await subscribe(biz, `${receiver.url}/fail/1`);
    const [event] = await commitEvents(t.app, biz.business_id, [['expense.created', { amount: 12 }]]);
    const [d] = await settled(t, biz, hook.id);
    expect(d).toMatchObject({ event_id: event.id, status: 'failed', attempts: 1, response_code: 500, error: 'receiver answered 500', next_attempt_at: null });
    await sleep(1_600); // past the first backoff step (1 s) and many polls
    expect(receiver.on('/fail/1')).toHaveLength(1);
    expect((await deliveries(t, biz, hook.id))[0]).toMatchObject({ status: 'failed', attempts: 1 });
  });

  it('logs a receiver that does not answer in time as timed out, without waiting for it', async () => {
    const biz = await createBusiness(t);
    const hook = await subscribe(biz, `${receiver.url}/slow/1`);
    await commitEvents(t.app, biz.business_id, [['expense.created', { amount: 1 }]]);
    const [d] = await settled(t, biz, hook.id);
    expect(d).toMatchObject({ status: 'failed', attempts: 1, response_code: null, error: `timed out after ${TIMEOUT_MS} ms` });
    expect(d.duration_ms).toBeGreaterThanOrEqual(TIMEOUT_MS - 5);
    expect(d.duration_ms).toBeLessThan(TIMEOUT_MS + 1_000);
    expect(receiver.on('/slow/1')).toHaveLength(1);
    expect(receiver.on('/slow/1')[0].answeredAt).toBeUndefined();
  });

  it('logs a refused connection', async () => {
    const biz = await createBusiness(t);
    const hook = await subscribe(biz, `${await refusingUrl()}/hook`);
    await commitEvents(t.app, biz.business_id, [['expense.created', { amount: 2 }]]);
    const [d] = await settled(t, biz, hook.id);
    expect(d).toMatchObject({ status: 'failed', attempts: 1, response_code: null, error: 'connection refused' });
  });

  it('logs a redirect as failed without following it', async () => {
    const redirecting = await startReceiver(() => ({ status: 302 }));
    try {
      const biz = await createBusiness(t);
      const hook = await subscribe(biz, `${redirecting.url}/moved`);
      await commitEvents(t.app, biz.business_id, [['expense.created', { amount: 3 }]]);
      const [d] = await settled(t, biz, hook.id);
      expect(d).toMatchObject({ status: 'failed', response_code: 302, error: 'receiver answered 302 (redirects are not followed)' });
      expect(redirecting.requests).toHaveLength(1);
    } finally {
      await redirecting.close();
    }
  });

  it('answers the API request before the slow receiver, which never holds up the request', async () => {
    const biz = await createBusiness(t);
    await subscribe(biz, `${receiver.url}/slow/api`, ['stock.adjusted']);
    const product = (await t.http().post('/api/v1/products').set(biz.auth).send({ name: 'Tea', price: 4 }).expect(201)).body.data;
    await t.http().post('/api/v1/stock/adjustments').set(biz.auth).send({ product_id: product.id, quantity: 2, reason: 'restock' }).expect(201);
    const apiAnsweredAt = Date.now();
    const [got] = await receiver.waitFor(1, { path: '/slow/api' });
    expect(got.answeredAt).toBeUndefined(); // the API had answered, the receiver still has not
    // the dispatcher gives the attempt up at its timeout: the API had answered before that
    await pollUntil(
      () => got.abandonedAt,
      (at) => at !== undefined,
      10_000,
    );
    expect(apiAnsweredAt).toBeLessThan(got.abandonedAt!);
  });

  it('keeps delivering to a fast webhook while a slow one hangs on every delivery', async () => {
    const biz = await createBusiness(t);
    await subscribe(biz, `${receiver.url}/slow/blocker`, ['payroll.processed']);
    await subscribe(biz, `${receiver.url}/fast/unblocked`, ['payroll.processed']);
    await commitEvents(
      t.app,
      biz.business_id,
      Array.from({ length: 6 }, (_, i) => ['payroll.processed', { run: i }] as ['payroll.processed', object]),
    );
    const fast = await receiver.waitFor(6, { path: '/fast/unblocked', timeoutMs: 5_000 });
    const slowSoFar = receiver.on('/slow/blocker').length;
    // All six fast deliveries arrive before the first slow attempt has even timed out (been given up).
    const [firstSlow] = await receiver.waitFor(1, { path: '/slow/blocker' });
    await pollUntil(
      () => firstSlow.abandonedAt,
      (at) => at !== undefined,
      10_000,
    );
    expect(Math.max(...fast.map((r) => r.receivedAt))).toBeLessThan(firstSlow.abandonedAt!);
    expect(slowSoFar).toBeLessThan(6);
  });
});

describe('webhooks: retries when WEBHOOK_MAX_ATTEMPTS > 1, and redelivery', () => {
  let t: TestApp;
  let receiver: Receiver;
  let failuresLeft = 0;

  beforeAll(async () => {
    t = await startTestApp({ webhookAllowInsecure: true, webhookDispatchIntervalMs: 100, webhookTimeoutMs: 1_000, webhookMaxAttempts: 3 });
    receiver = await startReceiver(() => (failuresLeft-- > 0 ? { status: 503 } : { status: 204 }));
  });
  afterAll(async () => {
    await t.close();
    await receiver.close();
  });

  it('retries a failed delivery with exponential backoff until it succeeds', async () => {
    const biz = await createBusiness(t);
    const hook = (
      await t
        .http()
        .post('/api/v1/webhooks')
        .set(biz.auth)
        .send({ url: `${receiver.url}/retry`, events: ['invoice.paid'] })
        .expect(201)
    ).body.data;
    failuresLeft = 2;
    await commitEvents(t.app, biz.business_id, [['invoice.paid', { invoice_id: 'i1' }]]);
    const first = await receiver.waitFor(1, { path: '/retry' });
    await sleep(200);
    const pending = (await deliveries(t, biz, hook.id))[0];
    expect(pending).toMatchObject({ status: 'pending', attempts: 1, response_code: 503, error: 'receiver answered 503' });
    expect(Date.parse(pending.next_attempt_at!) - first[0].receivedAt).toBeGreaterThan(800);

    const got = await receiver.waitFor(3, { path: '/retry', timeoutMs: 8_000 });
    const [d] = await settled(t, biz, hook.id);
    expect(d).toMatchObject({ status: 'succeeded', attempts: 3, response_code: 204, error: null });
    expect(got[1].receivedAt - got[0].receivedAt).toBeGreaterThanOrEqual(950);
    expect(got[2].receivedAt - got[1].receivedAt).toBeGreaterThanOrEqual(1_950);
    expect(new Set(got.map((r) => r.headers['x-service-delivery'])).size).toBe(1);
    expect(new Set(got.map((r) => r.rawBody)).size).toBe(1);
  });

  it('gives up after the last attempt', async () => {
    const biz = await createBusiness(t);
    const hook = (
      await t
        .http()
        .post('/api/v1/webhooks')
        .set(biz.auth)
        .send({ url: `${receiver.url}/giveup`, events: ['invoice.paid'] })
        .expect(201)
    ).body.data;
    failuresLeft = 100;
    await commitEvents(t.app, biz.business_id, [['invoice.paid', { invoice_id: 'i2' }]]);
    await receiver.waitFor(3, { path: '/giveup', timeoutMs: 8_000 });
    const [d] = await settled(t, biz, hook.id);
    failuresLeft = 0;
    expect(d).toMatchObject({ status: 'failed', attempts: 3, response_code: 503 });
    await sleep(1_200);
    expect(receiver.on('/giveup')).toHaveLength(3);
  });

  it('redelivers on request: 202 with the queued delivery, then a new attempt with the same event', async () => {
    const biz = await createBusiness(t);
    const other = await createBusiness(t);
    const hook = (
      await t
        .http()
        .post('/api/v1/webhooks')
        .set(biz.auth)
        .send({ url: `${receiver.url}/again`, events: ['sale.cancelled'] })
        .expect(201)
    ).body.data;
    await commitEvents(t.app, biz.business_id, [['sale.cancelled', { sale_id: 's1' }]]);
    const [done] = await settled(t, biz, hook.id);
    expect(done).toMatchObject({ status: 'succeeded', attempts: 1 });

    const url = `/api/v1/webhooks/${hook.id}/deliveries/${done.id}/redeliver`;
    await t.http().post(url).set(other.auth).expect(404);
    await t.http().post(`/api/v1/webhooks/${hook.id}/deliveries/00000000-0000-4000-8000-000000000000/redeliver`).set(biz.auth).expect(404);
    await t.http().post(`/api/v1/webhooks/${hook.id}/deliveries/nope/redeliver`).set(biz.auth).expect(400);
    const queued = await t.http().post(url).set(biz.auth).expect(202);
    expect(queued.body.data).toMatchObject({ id: done.id, event_id: done.event_id, status: 'pending', attempts: 1 });

    const got = await receiver.waitFor(2, { path: '/again' });
    const [again] = await settled(t, biz, hook.id);
    expect(again).toMatchObject({ id: done.id, status: 'succeeded', attempts: 2 });
    expect(got[1].headers['x-service-delivery']).toBe(got[0].headers['x-service-delivery']);
    expect(got[1].body).toEqual(got[0].body);

    await t.http().put(`/api/v1/webhooks/${hook.id}`).set(biz.auth).send({ is_active: false }).expect(200);
    const refused = await t.http().post(url).set(biz.auth).expect(409);
    expect(refused.body.error.code).toBe('INVALID_STATUS_TRANSITION');
  });

  it('pages and filters the delivery log, newest first', async () => {
    const biz = await createBusiness(t);
    const hook = (
      await t
        .http()
        .post('/api/v1/webhooks')
        .set(biz.auth)
        .send({ url: `${receiver.url}/log`, events: ['stock.out'] })
        .expect(201)
    ).body.data;
    for (let i = 0; i < 3; i++) await commitEvents(t.app, biz.business_id, [['stock.out', { i }]]);
    await settled(t, biz, hook.id, 3);
    const page = await t.http().get(`/api/v1/webhooks/${hook.id}/deliveries?per_page=2&page=2`).set(biz.auth).expect(200);
    expect(page.body.meta).toEqual({ page: 2, per_page: 2, total: 3, total_pages: 2 });
    expect(page.body.data).toHaveLength(1);
    const events = await t.db.query(`SELECT id FROM outbox_events WHERE business_id = $1 ORDER BY seq`, [biz.business_id]);
    expect(page.body.data[0].event_id).toBe(events[0].id);
    const failed = await t.http().get(`/api/v1/webhooks/${hook.id}/deliveries?status=failed`).set(biz.auth).expect(200);
    expect(failed.body).toMatchObject({ data: [], meta: { total: 0 } });
    await t.http().get(`/api/v1/webhooks/${hook.id}/deliveries?status=lost`).set(biz.auth).expect(400);
    await t.http().get(`/api/v1/webhooks/${hook.id}/deliveries?per_page=101`).set(biz.auth).expect(400);
  });
});
