import request from 'supertest';
import { Client } from 'pg';
import { INestApplication } from '@nestjs/common';
import { createApplication } from '../src/bootstrap';
import { AppConfig, loadConfig } from '../src/config/app-config';
import { EventName } from '../src/common/events/domain-event';
import { fanOutEvents, fanOutEventsOfBusiness } from '../src/modules/webhooks/persistence/deliveries.sql';
import { JsonLogger } from '../src/common/logging/json-logger';
import { createBusiness, startTestApp, TestApp, TestBusiness } from './helpers/test-app';
import { seedProduct } from './helpers/orders-fixtures';
import { commitEvents, pollUntil, Receiver, sleep, startReceiver } from './helpers/receiver';

// Nothing here is about the delivery timeout but the hang test, which sets its own: with 2 s, 17 of
// 400 deliveries of a CI run beside another full run were answered after it and recorded failed.
const BASE: Partial<AppConfig> = { webhookAllowInsecure: true, webhookDispatchIntervalMs: 100, webhookTimeoutMs: 15_000 };

/** Another server process on the SAME database as `t` (what a restart or a second instance is). */
async function startAppOn(t: TestApp, overrides: Partial<AppConfig>): Promise<INestApplication> {
  const config: AppConfig = { ...loadConfig(), databaseUrl: t.databaseUrl, logLevel: 'error', rateLimitPerMinute: 0, ...BASE, ...overrides };
  const { app } = await createApplication(config, new JsonLogger(config.logLevel));
  await app.init();
  return app;
}

async function subscribe(t: TestApp, biz: TestBusiness, url: string, events: EventName[]) {
  return (await t.http().post('/api/v1/webhooks').set(biz.auth).send({ url, events }).expect(201)).body.data;
}

function countBy<T>(items: T[], key: (item: T) => string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const item of items) counts.set(key(item), (counts.get(key(item)) ?? 0) + 1);
  return counts;
}

describe('webhooks: crash safety and several dispatchers', () => {
  let t: TestApp; // the "crashed" process: it records events but its dispatcher is off
  let receiver: Receiver;

  beforeAll(async () => {
    t = await startTestApp({ ...BASE, webhookDispatcher: false });
    receiver = await startReceiver();
  });
  afterAll(async () => {
    await t.close();
    await receiver.close();
  });

  it('delivers once, after a dispatcher starts, an order committed while no dispatcher ran', async () => {
    const biz = await createBusiness(t);
    await subscribe(t, biz, `${receiver.url}/restart`, ['sale.completed']);
    const product = await seedProduct(t, biz, { stock: '4' });
    const order = (
      await t
        .http()
        .post('/api/v1/orders')
        .set(biz.auth)
        .send({ items: [{ product_id: product, quantity: 3 }] })
        .expect(201)
    ).body.data;
    await sleep(400);
    expect(receiver.on('/restart')).toHaveLength(0);
    const [pending] = await t.db.query(`SELECT id, dispatched_at FROM outbox_events WHERE business_id = $1 AND type = 'sale.completed'`, [biz.business_id]);
    expect(pending.dispatched_at).toBeNull();

    const restarted = await startAppOn(t, { webhookDispatcher: true });
    try {
      const [got] = await receiver.waitFor(1, { path: '/restart' });
      expect(got.body).toMatchObject({
        id: pending.id,
        event: 'sale.completed',
        data: { sale_id: order.order_id, sale_number: order.order_number, total: 30 },
      });
      await sleep(400);
      expect(receiver.on('/restart')).toHaveLength(1);
      const [after] = await t.db.query(`SELECT dispatched_at FROM outbox_events WHERE id = $1`, [pending.id]);
      expect(after.dispatched_at).not.toBeNull();
    } finally {
      await restarted.close();
    }
  });

  it('two dispatchers draining one outbox deliver each event exactly once', async () => {
    const biz = await createBusiness(t);
    await subscribe(t, biz, `${receiver.url}/two/a`, ['expense.created']);
    await subscribe(t, biz, `${receiver.url}/two/b`, ['expense.created']);
    // A backlog both will find at start, then more events committed through both while they run.
    const backlog = await commitEvents(
      t.app,
      biz.business_id,
      Array.from({ length: 150 }, (_, i) => ['expense.created', { i }] as [EventName, object]),
    );
    const first = await startAppOn(t, { webhookDispatcher: true });
    const second = await startAppOn(t, { webhookDispatcher: true });
    try {
      const live = await Promise.all(
        Array.from({ length: 50 }, (_, i) => commitEvents(i % 2 ? first : second, biz.business_id, [['expense.created', { live: i }]])),
      );
      const ids = [...backlog, ...live.flat()].map((e) => e.id);
      await receiver.waitFor(200, { path: '/two/a', timeoutMs: 20_000 });
      await receiver.waitFor(200, { path: '/two/b', timeoutMs: 20_000 });
      // each delivery is marked succeeded after its response arrives: wait until none is in flight
      const rows = await pollUntil(
        async () =>
          (
            await t.db.query(
              `SELECT count(*)::int AS n, count(*) FILTER (WHERE status = 'succeeded' AND attempts = 1)::int AS ok,
                      count(*) FILTER (WHERE status IN ('pending', 'delivering'))::int AS open
                 FROM webhook_deliveries WHERE business_id = $1`,
              [biz.business_id],
            )
          )[0] as { n: number; ok: number; open: number },
        (r) => r.n === 400 && r.open === 0,
      );
      await sleep(300); // a duplicate, if any, would arrive now
      for (const path of ['/two/a', '/two/b']) {
        const counts = countBy(receiver.on(path), (r) => r.body.id);
        expect(counts.size).toBe(200);
        expect([...counts.values()].every((n) => n === 1)).toBe(true);
        expect([...counts.keys()].sort()).toEqual([...ids].sort());
      }
      expect(rows).toEqual({ n: 400, ok: 400, open: 0 });
    } finally {
      await Promise.all([first.close(), second.close()]);
    }
  });

  it('on shutdown lets a delivery in flight finish and leaves undelivered events in the outbox', async () => {
    const slow = await startReceiver(() => ({ delayMs: 700 }));
    const biz = await createBusiness(t);
    await subscribe(t, biz, `${slow.url}/slow`, ['invoice.paid']);
    // Polls rarely: it learns of new events only from its own commits.
    const dispatcher = await startAppOn(t, { webhookDispatcher: true, webhookDispatchIntervalMs: 60_000 });
    try {
      await commitEvents(dispatcher, biz.business_id, [['invoice.paid', { n: 1 }]]);
      await slow.waitFor(1);
      // Committed by another process and not yet seen by this dispatcher when it stops.
      const [late] = await commitEvents(t.app, biz.business_id, [['invoice.paid', { n: 2 }]]);
      await dispatcher.close();
      expect(slow.requests[0].answeredAt).toBeDefined();
      const rows = await t.db.query(`SELECT d.status, d.response_code FROM webhook_deliveries d WHERE d.business_id = $1`, [biz.business_id]);
      expect(rows).toEqual([{ status: 'succeeded', response_code: 200 }]);
      const [left] = await t.db.query(`SELECT dispatched_at FROM outbox_events WHERE id = $1`, [late.id]);
      expect(left.dispatched_at).toBeNull();
      expect(slow.requests).toHaveLength(1);
    } finally {
      await slow.close();
    }
  });

  it('picks up a delivery whose process died mid-attempt once its lease has run out', async () => {
    const biz = await createBusiness(t);
    const hook = await subscribe(t, biz, `${receiver.url}/lease`, ['stock.low']);
    const [event] = await commitEvents(t.app, biz.business_id, [['stock.low', { p: 1 }]]);
    // What a process killed during the HTTP call leaves behind: claimed, lease expired.
    await t.db.query(`UPDATE outbox_events SET dispatched_at = now() WHERE id = $1`, [event.id]);
    await t.db.query(
      `INSERT INTO webhook_deliveries (business_id, webhook_id, event_id, event, status, attempts, attempt_limit, next_attempt_at)
       VALUES ($1, $2, $3, 'stock.low', 'delivering', 1, 1, now() - interval '1 second')`,
      [biz.business_id, hook.id, event.id],
    );
    const dispatcher = await startAppOn(t, { webhookDispatcher: true });
    try {
      const [got] = await receiver.waitFor(1, { path: '/lease' });
      expect(got.body.id).toBe(event.id);
      await sleep(300);
      const [row] = await t.db.query(`SELECT status, attempts FROM webhook_deliveries WHERE webhook_id = $1`, [hook.id]);
      expect(row).toEqual({ status: 'succeeded', attempts: 2 });
    } finally {
      await dispatcher.close();
    }
  });
  it('drops events and final deliveries older than 30 days, keeping undispatched events', async () => {
    const biz = await createBusiness(t);
    const hook = await subscribe(t, biz, `${receiver.url}/retention`, ['stock.out']);
    const [oldDone, oldWithLog, oldUndispatched, recent] = await commitEvents(t.app, biz.business_id, [
      ['stock.out', { n: 1 }],
      ['stock.out', { n: 2 }],
      ['stock.out', { n: 3 }],
      ['stock.out', { n: 4 }],
    ]);
    await t.db.query(`UPDATE outbox_events SET dispatched_at = now() WHERE id = ANY ($1)`, [[oldDone.id, oldWithLog.id, recent.id]]);
    await t.db.query(`UPDATE outbox_events SET created_at = now() - interval '40 days' WHERE id = ANY ($1)`, [[oldDone.id, oldWithLog.id, oldUndispatched.id]]);
    await t.db.query(`UPDATE webhooks SET created_at = now() - interval '50 days' WHERE id = $1`, [hook.id]);
    await t.db.query(
      `INSERT INTO webhook_deliveries (business_id, webhook_id, event_id, event, status, attempts, attempt_limit, created_at)
       VALUES ($1, $2, $3, 'stock.out', 'failed', 1, 1, now() - interval '31 days'), ($1, $2, $4, 'stock.out', 'succeeded', 1, 1, now())`,
      [biz.business_id, hook.id, oldWithLog.id, recent.id],
    );
    const dispatcher = await startAppOn(t, { webhookDispatcher: true });
    try {
      await receiver.waitFor(1, { path: '/retention' }); // the old undispatched event, delivered late but not lost
      await sleep(200);
      const left = await t.db.query(`SELECT id FROM outbox_events WHERE business_id = $1 ORDER BY seq`, [biz.business_id]);
      expect(left.map((r: { id: string }) => r.id)).toEqual([oldUndispatched.id, recent.id]);
      const log = await t.db.query(`SELECT event_id FROM webhook_deliveries WHERE business_id = $1 ORDER BY created_at`, [biz.business_id]);
      expect(log.map((r: { event_id: string }) => r.event_id).sort()).toEqual([oldUndispatched.id, recent.id].sort());
    } finally {
      await dispatcher.close();
    }
  });

  it('fans out without waiting for its commit to be flushed, on that transaction only', async () => {
    const biz = await createBusiness(t);
    await subscribe(t, biz, `${receiver.url}/fan-out`, ['expense.created']);
    const [event] = await commitEvents(t.app, biz.business_id, [['expense.created', { n: 1 }]]);
    const client = new Client({ connectionString: t.databaseUrl });
    await client.connect();
    try {
      // on Citus the dispatcher fans out business by business (docs/scale-out.md)
      const { rows } = process.env.TEST_CITUS_WORKERS
        ? await client.query({ name: 'fan_out', text: fanOutEventsOfBusiness.text, values: [1000, 1, biz.business_id] })
        : await client.query({ name: 'fan_out', text: fanOutEvents.text, values: [1000, 1] });
      expect(rows[0].events).toBeGreaterThanOrEqual(1);
      expect(rows[0].commit_mode).toBe('off');
      // the pooled connection keeps its synchronous commits for every later transaction
      expect((await client.query('SHOW synchronous_commit')).rows[0].synchronous_commit).toBe('on');
      const deliveries = await t.db.query(`SELECT status FROM webhook_deliveries WHERE event_id = $1`, [event.id]);
      expect(deliveries).toEqual([{ status: 'pending' }]);
    } finally {
      await client.end();
    }
  });
});

describe('webhooks: a dispatcher never delays API responses', () => {
  it('serves requests while deliveries hang', async () => {
    const hanging = await startReceiver(() => ({ delayMs: 3_000 }));
    const t = await startTestApp({ ...BASE, webhookTimeoutMs: 2_500, webhookConcurrency: 4 });
    try {
      const biz = await createBusiness(t);
      await subscribe(t, biz, `${hanging.url}/hang`, ['customer.created']);
      await commitEvents(
        t.app,
        biz.business_id,
        Array.from({ length: 8 }, (_, i) => ['customer.created', { i }] as [EventName, object]),
      );
      await hanging.waitFor(1);
      const started = Date.now();
      await request(t.app.getHttpServer()).get('/api/v1/webhooks').set(biz.auth).expect(200);
      await commitEvents(t.app, biz.business_id, [['customer.created', { late: true }]]);
      expect(Date.now() - started).toBeLessThan(500);
    } finally {
      await t.close();
      await hanging.close();
    }
  });
});
