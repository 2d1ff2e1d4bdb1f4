import { Client } from 'pg';
import { EventName } from '../src/common/events/domain-event';
import { createBusiness, startTestApp, TestApp, TestBusiness } from './helpers/test-app';
import { commitEvents } from './helpers/receiver';

const ids = (res: { body: { data: { id: string }[] } }) => res.body.data.map((e) => e.id);

describe('events feed: GET /events', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp({ webhookDispatcher: false });
  });
  afterAll(() => t.close());

  async function feed(biz: TestBusiness, query = '') {
    return t.http().get(`/api/v1/events${query}`).set(biz.auth).expect(200);
  }

  it('returns every event of the business, oldest first, whether or not a webhook exists', async () => {
    const biz = await createBusiness(t);
    const other = await createBusiness(t, 'Other');
    const first = await commitEvents(t.app, biz.business_id, [
      ['customer.created', { customer_id: 'c1' }],
      ['sale.completed', { sale_id: 's1', total: 12.5 }],
    ]);
    await commitEvents(t.app, other.business_id, [['sale.completed', { sale_id: 'theirs' }]]);
    const second = await commitEvents(t.app, biz.business_id, [['invoice.paid', { invoice_id: 'i1' }]]);

    const res = await feed(biz);
    expect(res.body).toEqual({
      success: true,
      data: [...first, ...second].map((e) => ({ id: e.id, event: e.name, timestamp: e.occurredAt.toISOString(), data: e.data })),
    });
    expect(ids(await feed(other))).toHaveLength(1);
    expect(ids(await feed(other))).not.toContain(first[0].id);
  });

  it('pages with after and limit, and filters by type', async () => {
    const biz = await createBusiness(t);
    const names: EventName[] = ['stock.low', 'stock.out', 'stock.low', 'expense.created', 'stock.low'];
    const events = [];
    for (const name of names) events.push(...(await commitEvents(t.app, biz.business_id, [[name, { n: events.length }]])));
    const all = events.map((e) => e.id);

    const page1 = await feed(biz, '?limit=2');
    expect(ids(page1)).toEqual(all.slice(0, 2));
    const page2 = await feed(biz, `?limit=2&after=${all[1]}`);
    expect(ids(page2)).toEqual(all.slice(2, 4));
    const page3 = await feed(biz, `?limit=2&after=${all[3]}`);
    expect(ids(page3)).toEqual(all.slice(4));
    expect(ids(await feed(biz, `?after=${all[4]}`))).toEqual([]);

    const lows = await feed(biz, '?type=stock.low');
    expect(ids(lows)).toEqual([all[0], all[2], all[4]]);
    expect(ids(await feed(biz, `?type=stock.low&after=${all[0]}&limit=1`))).toEqual([all[2]]);
    expect(ids(await feed(biz, `?type=stock.low&after=${all[3]}`))).toEqual([all[4]]);
    expect(ids(await feed(biz, '?type=payroll.processed'))).toEqual([]);
  });

  describe('order=desc: newest first', () => {
    it('lists the same events newest first, paged with after towards the older ones', async () => {
      const biz = await createBusiness(t);
      const events = [];
      for (let i = 0; i < 5; i++) events.push(...(await commitEvents(t.app, biz.business_id, [['stock.adjusted', { n: i }]])));
      // two events of one transaction keep their order within it
      events.push(
        ...(await commitEvents(t.app, biz.business_id, [
          ['sale.completed', { n: 5 }],
          ['invoice.paid', { n: 6 }],
        ])),
      );
      const all = events.map((e) => e.id);
      const newest = [...all].reverse();

      const res = await feed(biz, '?order=desc');
      expect(res.body).toEqual({
        success: true,
        data: [...events].reverse().map((e) => ({ id: e.id, event: e.name, timestamp: e.occurredAt.toISOString(), data: e.data })),
      });
      expect(ids(await feed(biz, '?order=asc'))).toEqual(all);

      const page1 = await feed(biz, '?order=desc&limit=3');
      expect(ids(page1)).toEqual(newest.slice(0, 3));
      const page2 = await feed(biz, `?order=desc&limit=3&after=${newest[2]}`);
      expect(ids(page2)).toEqual(newest.slice(3, 6));
      const page3 = await feed(biz, `?order=desc&limit=3&after=${newest[5]}`);
      expect(ids(page3)).toEqual(newest.slice(6));
      expect(ids(await feed(biz, `?order=desc&after=${newest[6]}`))).toEqual([]);

      // the same cursor pages the other way with order=asc
      expect(ids(await feed(biz, `?order=asc&limit=3&after=${newest[2]}`))).toEqual(newest.slice(0, 2).reverse());
      expect(ids(await feed(biz, `?limit=2&after=${all[1]}`))).toEqual(all.slice(2, 4));
    });

    it('filters by type newest first, the cursor any event of the business', async () => {
      const biz = await createBusiness(t);
      const names: EventName[] = ['stock.low', 'stock.out', 'stock.low', 'expense.created', 'stock.low', 'stock.out'];
      const events = [];
      for (const name of names) events.push(...(await commitEvents(t.app, biz.business_id, [[name, { n: events.length }]])));
      const all = events.map((e) => e.id);

      expect(ids(await feed(biz, '?order=desc&type=stock.low'))).toEqual([all[4], all[2], all[0]]);
      expect(ids(await feed(biz, '?order=desc&type=stock.low&limit=2'))).toEqual([all[4], all[2]]);
      expect(ids(await feed(biz, `?order=desc&type=stock.low&limit=2&after=${all[2]}`))).toEqual([all[0]]);
      // a cursor of another type: the stock.low events older than it
      expect(ids(await feed(biz, `?order=desc&type=stock.low&after=${all[3]}`))).toEqual([all[2], all[0]]);
      expect(ids(await feed(biz, `?order=desc&type=stock.out&after=${all[5]}`))).toEqual([all[1]]);
      expect(ids(await feed(biz, '?order=desc&type=payroll.processed'))).toEqual([]);
    });

    it("never shows another business's events", async () => {
      const biz = await createBusiness(t);
      const other = await createBusiness(t, 'Other');
      const mine = [];
      const theirs = [];
      for (let i = 0; i < 3; i++) {
        mine.push(...(await commitEvents(t.app, biz.business_id, [['sale.completed', { n: i }]])));
        theirs.push(...(await commitEvents(t.app, other.business_id, [['sale.completed', { n: i }]])));
      }
      expect(ids(await feed(biz, '?order=desc'))).toEqual(mine.map((e) => e.id).reverse());
      expect(ids(await feed(biz, `?order=desc&after=${mine[2].id}`))).toEqual([mine[1].id, mine[0].id]);
      expect(ids(await feed(other, '?order=desc&limit=2'))).toEqual([theirs[2].id, theirs[1].id]);
      const res = await t.http().get(`/api/v1/events?order=desc&after=${theirs[2].id}`).set(biz.auth).expect(400);
      expect(res.body.error).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ field: 'after' }] });
    });

    it('keeps 30 days and shows only what no transaction in flight can come before', async () => {
      const biz = await createBusiness(t);
      const [old, before] = await commitEvents(t.app, biz.business_id, [
        ['expense.created', { old: true }],
        ['sale.completed', { n: 0 }],
      ]);
      await t.db.query(`UPDATE outbox_events SET created_at = now() - interval '31 days' WHERE id = $1`, [old.id]);
      expect(ids(await feed(biz, '?order=desc'))).toEqual([before.id]);

      const slow = t.db.createQueryRunner();
      await slow.connect();
      await slow.startTransaction();
      const slowId = '22222222-2222-4222-8222-222222222222';
      await slow.query(`INSERT INTO outbox_events (id, business_id, type, data) VALUES ($1, $2, 'sale.completed', '{"n":1}')`, [slowId, biz.business_id]);
      try {
        const [fast] = await commitEvents(t.app, biz.business_id, [['sale.completed', { n: 2 }]]);
        // fast committed after slow took its place: held back while slow is open, as in the oldest-first feed
        expect(ids(await feed(biz, '?order=desc'))).toEqual([before.id]);
        expect(ids(await feed(biz, `?order=desc&after=${fast.id}`))).toEqual([before.id]);
        await slow.commitTransaction();
        expect(ids(await feed(biz, '?order=desc'))).toEqual([fast.id, slowId, before.id]);
        expect(ids(await feed(biz, `?order=desc&after=${fast.id}`))).toEqual([slowId, before.id]);
      } finally {
        if (slow.isTransactionActive) await slow.rollbackTransaction();
        await slow.release();
      }
    });
  });

  it('defaults to 100 events per page', async () => {
    const biz = await createBusiness(t);
    const events = await commitEvents(
      t.app,
      biz.business_id,
      Array.from({ length: 105 }, (_, i) => ['stock.adjusted', { i }] as [EventName, object]),
    );
    const res = await feed(biz);
    expect(ids(res)).toEqual(events.slice(0, 100).map((e) => e.id));
    expect(ids(await feed(biz, `?after=${events[99].id}`))).toEqual(events.slice(100).map((e) => e.id));
    const newest = events.map((e) => e.id).reverse();
    expect(ids(await feed(biz, '?order=desc'))).toEqual(newest.slice(0, 100));
    expect(ids(await feed(biz, `?order=desc&after=${newest[99]}`))).toEqual(newest.slice(100));
  });

  it("refuses another business's event as cursor and bad parameters with 400", async () => {
    const biz = await createBusiness(t);
    const other = await createBusiness(t, 'Other');
    const [theirs] = await commitEvents(t.app, other.business_id, [['stock.out', {}]]);
    const res = await t.http().get(`/api/v1/events?after=${theirs.id}`).set(biz.auth).expect(400);
    expect(res.body.error).toMatchObject({
      code: 'VALIDATION_FAILED',
      details: [{ field: 'after', message: 'after must be the id of an event of this business' }],
    });
    for (const q of ['?after=nope', '?limit=0', '?limit=101', '?limit=x', '?type=order.created', '?since=1']) {
      const bad = await t.http().get(`/api/v1/events${q}`).set(biz.auth).expect(400);
      expect(bad.body.error.code).toBe('VALIDATION_FAILED');
    }
    for (const q of ['?order=DESC', '?order=newest', '?order=', '?order=desc&order=asc']) {
      const bad = await t.http().get(`/api/v1/events${q}`).set(biz.auth).expect(400);
      expect(bad.body.error).toMatchObject({ code: 'VALIDATION_FAILED', details: [expect.objectContaining({ field: 'order' })] });
    }
    await t.http().get('/api/v1/events').expect(401);
  });

  it('keeps 30 days', async () => {
    const biz = await createBusiness(t);
    const [old, recent] = await commitEvents(t.app, biz.business_id, [
      ['expense.created', { old: true }],
      ['expense.created', { old: false }],
    ]);
    await t.db.query(`UPDATE outbox_events SET created_at = now() - interval '31 days' WHERE id = $1`, [old.id]);
    expect(ids(await feed(biz))).toEqual([recent.id]);
  });

  it('never skips an event committed after a later one was already read', async () => {
    const biz = await createBusiness(t);
    const [before] = await commitEvents(t.app, biz.business_id, [['sale.completed', { n: 0 }]]);
    // A transaction that writes its event first and commits last (a slow order, say).
    const slow = t.db.createQueryRunner();
    await slow.connect();
    await slow.startTransaction();
    const slowId = '11111111-1111-4111-8111-111111111111';
    await slow.query(`INSERT INTO outbox_events (id, business_id, type, data) VALUES ($1, $2, 'sale.completed', '{"n":1}')`, [slowId, biz.business_id]);
    try {
      const [fast] = await commitEvents(t.app, biz.business_id, [['sale.completed', { n: 2 }]]);
      // While the slow one is open, the feed stops before anything it could still come before.
      const held = await feed(biz);
      expect(ids(held)).toEqual([before.id]);
      await slow.commitTransaction();
      const rest = await feed(biz, `?after=${before.id}`);
      expect(ids(rest)).toEqual([slowId, fast.id]);
    } finally {
      if (slow.isTransactionActive) await slow.rollbackTransaction();
      await slow.release();
    }
  });

  it('is not held back by a transaction running in another database of the server', async () => {
    const biz = await createBusiness(t);
    const elsewhere = new Client({ connectionString: `${process.env.TEST_SERVER_URL}/postgres` });
    await elsewhere.connect();
    try {
      await elsewhere.query('BEGIN');
      await elsewhere.query('SELECT pg_current_xact_id()'); // now it holds a transaction id, older than the event's
      const [event] = await commitEvents(t.app, biz.business_id, [['stock.adjusted', { n: 1 }]]);
      expect(ids(await feed(biz))).toEqual([event.id]);
    } finally {
      await elsewhere.query('ROLLBACK');
      await elsewhere.end();
    }
  });
});
