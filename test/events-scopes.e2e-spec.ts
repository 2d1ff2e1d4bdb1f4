import { Scope, SCOPES } from '../src/common/auth/scopes';
import { EVENT_NAMES, EventName } from '../src/common/events/domain-event';
import { createApiKey } from '../src/modules/businesses/business-provisioning';
import { commitEvents } from './helpers/receiver';
import { countRows, createBusiness, startTestApp, TestApp, TestBusiness } from './helpers/test-app';
import { ROUTE_SWEEP_TIMEOUT_MS } from './helpers/sweep-timeout';

type Auth = { Authorization: string };

const SALES: EventName[] = ['sale.completed', 'sale.cancelled', 'sale.returned'];
const STOCK: EventName[] = ['stock.low', 'stock.out', 'stock.adjusted', 'purchase_order.received', 'stock.transferred', 'import.completed'];

/**
 * Issue 40 (1): docs/api.md 10's table, written out here rather than read from the code, so
 * that the code's table and the scope implications are both checked against it. Every scope has a
 * line: a new scope fails to compile until it says what it reads.
 */
const READS: Record<Scope, readonly EventName[]> = {
  sales: [],
  'orders:read': SALES,
  'orders:write': SALES,
  'products:read': [],
  'products:write': [],
  inventory: STOCK,
  purchasing: [],
  customers: ['customer.created'],
  invoices: ['invoice.paid', 'invoice.sent'],
  finance: ['expense.created', 'payroll.processed'],
  analytics: [],
  webhooks: [],
  admin: EVENT_NAMES,
};

/** The feed and webhooks need `webhooks`: each scope is tried beside it (admin alone). */
const keyScopes = (scope: Scope): Scope[] => (scope === 'admin' || scope === 'webhooks' ? [scope] : ['webhooks', scope]);

/** The scope a refusal of `type` names: the one scope of the table that reads it. */
const readerOf = (type: EventName): Scope => SCOPES.find((s) => s !== 'admin' && s !== 'orders:write' && READS[s].includes(type))!;

const ids = (res: { body: { data: { id: string }[] } }) => res.body.data.map((e) => e.id);

/** 403 FORBIDDEN_SCOPE naming the scope that reads `type`, and nothing else. */
const refusedFor = (res: { status: number; body: any }, type: EventName) =>
  res.status === 403 && res.body.error?.code === 'FORBIDDEN_SCOPE' && JSON.stringify(res.body.error.details) === JSON.stringify([{ required: readerOf(type) }]);

/**
 * Issue 40, defect 1: a key sees in GET /events, and may subscribe a webhook to, only the event types
 * its scopes read. One event of every type, then a key per scope: the feed (every page, both orders)
 * shows exactly its types, full pages however many events are hidden between them; `type=` of
 * another type is 403; POST /webhooks and PUT /webhooks/:id events are 201/200 for its types and 403
 * FORBIDDEN_SCOPE naming the reading scope for every other.
 */
describe('events feed and webhooks: what each scope reads', () => {
  let t: TestApp;
  let biz: TestBusiness;
  let all: { id: string; type: EventName }[];
  const keys = new Map<Scope, Auth>();

  beforeAll(async () => {
    t = await startTestApp({ webhookAllowInsecure: true, webhookDispatcher: false });
    biz = await createBusiness(t, 'Scoped events');
    all = [];
    // every type twice, interleaved, so a page of one scope's events steps over the others' events
    for (const round of [1, 2]) {
      for (const type of EVENT_NAMES) {
        const [event] = await commitEvents(t.app, biz.business_id, [[type, { round }]]);
        all.push({ id: event.id, type });
      }
    }
    for (const scope of SCOPES) {
      const key = await t.db.transaction((m) => createApiKey(m, biz.business_id, { name: `events ${scope}`, scopes: keyScopes(scope) }));
      keys.set(scope, { Authorization: `Bearer ${key.api_key}` });
    }
  }, 60_000);
  afterAll(() => t.close());

  it('the table names every event type, each read by one scope', () => {
    for (const type of EVENT_NAMES) expect(readerOf(type)).toBeDefined();
  });

  it(
    'the feed shows each key exactly the types its scopes read, in full pages, both orders',
    async () => {
      const problems: string[] = [];
      for (const scope of SCOPES) {
        const auth = keys.get(scope)!;
        const expected = all.filter((e) => READS[scope].includes(e.type)).map((e) => e.id);
        for (const order of ['asc', 'desc'] as const) {
          const want = order === 'asc' ? expected : [...expected].reverse();
          const seen: string[] = [];
          const pageSizes: number[] = [];
          let after = '';
          for (let page = 0; page < 30; page++) {
            const res = await t.http().get(`/api/v1/events?order=${order}&limit=2${after}`).set(auth);
            if (res.status !== 200) {
              problems.push(`${scope} ${order}: ${res.status} ${res.text.slice(0, 160)}`);
              break;
            }
            pageSizes.push(res.body.data.length);
            seen.push(...ids(res));
            if (res.body.data.length === 0) break;
            after = `&after=${seen[seen.length - 1]}`;
          }
          if (JSON.stringify(seen) !== JSON.stringify(want))
            problems.push(`${scope} ${order}: saw ${seen.map((id) => all.find((e) => e.id === id)?.type).join(',')}`);
          // a page is short only at the end: hidden events never make a page smaller
          const full = Math.floor(want.length / 2);
          if (pageSizes.slice(0, full).some((n) => n !== 2)) problems.push(`${scope} ${order}: page sizes ${pageSizes.join(',')}`);
        }
      }
      expect(problems).toEqual([]);
    },
    ROUTE_SWEEP_TIMEOUT_MS,
  );

  it(
    'type= of a type the key reads filters; of another type it is 403 FORBIDDEN_SCOPE naming its scope',
    async () => {
      const problems: string[] = [];
      for (const scope of SCOPES) {
        for (const type of EVENT_NAMES) {
          const res = await t.http().get(`/api/v1/events?type=${type}`).set(keys.get(scope)!);
          if (READS[scope].includes(type)) {
            const want = all.filter((e) => e.type === type).map((e) => e.id);
            if (res.status !== 200 || JSON.stringify(ids(res)) !== JSON.stringify(want))
              problems.push(`${scope} type=${type}: ${res.status} ${res.text.slice(0, 120)}`);
          } else if (!refusedFor(res, type)) {
            problems.push(`${scope} type=${type}: ${res.status} ${res.text.slice(0, 120)}`);
          }
        }
      }
      expect(problems).toEqual([]);
    },
    ROUTE_SWEEP_TIMEOUT_MS,
  );

  it(
    'subscribing a webhook (POST and PUT events) is allowed for the types the key reads, 403 for every other',
    async () => {
      const subscribe = (auth: Auth, url: string, events: EventName[]) => t.http().post('/api/v1/webhooks').set(auth).send({ url, events });
      const before = await countRows(t, 'webhooks', biz.business_id);
      const problems: string[] = [];
      for (const scope of SCOPES) {
        const auth = keys.get(scope)!;
        // a webhook of the admin's whose events each PUT below replaces
        const target = (await subscribe(biz.auth, 'http://127.0.0.1:9/put', ['sale.completed']).expect(201)).body.data;
        for (const type of EVENT_NAMES) {
          const allowed = READS[scope].includes(type);
          const created = await subscribe(auth, 'http://127.0.0.1:9/hook', [type]);
          const updated = await t
            .http()
            .put(`/api/v1/webhooks/${target.id}`)
            .set(auth)
            .send({ events: [type] });
          for (const [what, res, ok] of [
            ['POST', created, 201],
            ['PUT', updated, 200],
          ] as const) {
            if (allowed ? res.status !== ok : !refusedFor(res, type)) problems.push(`${scope} ${what} [${type}]: ${res.status} ${res.text.slice(0, 120)}`);
          }
        }
      }
      expect(problems).toEqual([]);
      // a refusal stores nothing: the admin's targets and one webhook per type a key reads
      const readable = SCOPES.reduce((n, scope) => n + READS[scope].length, 0);
      expect(await countRows(t, 'webhooks', biz.business_id)).toBe(before + SCOPES.length + readable);
      // a list of several: refused when any one is not read, naming each scope missing once
      const mixed = await subscribe(keys.get('finance')!, 'http://127.0.0.1:9/mixed', [
        'expense.created',
        'customer.created',
        'sale.completed',
        'sale.returned',
      ]).expect(403);
      expect(mixed.body.error).toMatchObject({ code: 'FORBIDDEN_SCOPE', details: [{ required: 'customers' }, { required: 'orders:read' }] });
    },
    ROUTE_SWEEP_TIMEOUT_MS,
  );

  it('a key may not redirect, re-enable or redeliver what a webhook subscribed before sends that it cannot read', async () => {
    const hooks = keys.get('webhooks')!;
    // subscribed by the admin (or by any key before the table existed)
    const earlier = (
      await t
        .http()
        .post('/api/v1/webhooks')
        .set(biz.auth)
        .send({ url: 'http://127.0.0.1:9/admin', events: ['customer.created'] })
        .expect(201)
    ).body.data;
    const customerEvent = all.find((e) => e.type === 'customer.created')!;
    const [delivery] = await t.db.query(
      `INSERT INTO webhook_deliveries (business_id, webhook_id, event_id, event, status, attempt_limit, attempts)
       VALUES ($1, $2, $3, 'customer.created', 'failed', 1, 1) RETURNING id`,
      [biz.business_id, earlier.id, customerEvent.id],
    );
    for (const body of [{ url: 'http://127.0.0.1:9/mine' }, { is_active: false }, { secret: 'mine' }]) {
      const res = await t.http().put(`/api/v1/webhooks/${earlier.id}`).set(hooks).send(body).expect(403);
      expect(res.body.error).toMatchObject({ code: 'FORBIDDEN_SCOPE', details: [{ required: 'customers' }] });
    }
    const redelivered = await t.http().post(`/api/v1/webhooks/${earlier.id}/deliveries/${delivery.id}/redeliver`).set(hooks).expect(403);
    expect(redelivered.body.error).toMatchObject({ code: 'FORBIDDEN_SCOPE', details: [{ required: 'customers' }] });
    const unchanged = (await t.http().get(`/api/v1/webhooks/${earlier.id}`).set(biz.auth).expect(200)).body.data;
    expect(unchanged).toMatchObject({ url: 'http://127.0.0.1:9/admin', is_active: true, secret_set: false });
    // the customers scope reads them: it may
    await t.http().put(`/api/v1/webhooks/${earlier.id}`).set(keys.get('customers')!).send({ is_active: false }).expect(200);
    await t.http().put(`/api/v1/webhooks/${earlier.id}`).set(keys.get('customers')!).send({ is_active: true }).expect(200);
    await t.http().post(`/api/v1/webhooks/${earlier.id}/deliveries/${delivery.id}/redeliver`).set(keys.get('customers')!).expect(202);
  });
});
