import { ActivityRetention } from '../src/modules/activity/activity-retention';
import { seedProduct } from './helpers/orders-fixtures';
import { csvObjects } from './helpers/csv';
import { createBusiness, startTestApp, TestApp, TestBusiness } from './helpers/test-app';

/** docs/api.md 20: the activity log and its API. */
describe('activity log', () => {
  let t: TestApp;
  let a: TestBusiness;
  let b: TestBusiness;
  let n = 0;

  beforeAll(async () => {
    t = await startTestApp();
    a = await createBusiness(t, 'Activity A');
    b = await createBusiness(t, 'Activity B');
  });
  afterAll(() => t.close());

  const send = (biz: TestBusiness, method: 'get' | 'post' | 'put' | 'delete', path: string, body?: object) => {
    const requestId = `activity-spec-${++n}`;
    const req = t.http()[method](`/api/v1${path}`).set(biz.auth).set('X-Request-Id', requestId).set('User-Agent', 'activity-spec/1.0');
    return Object.assign(body ? req.send(body) : req, { requestId });
  };
  const entries = async (biz: TestBusiness, query = '') => (await send(biz, 'get', `/activity${query}`).expect(200)).body;
  const countOf = async (biz: TestBusiness) =>
    (await t.db.query(`SELECT count(*)::int AS n FROM activity_entries WHERE business_id = $1`, [biz.business_id]))[0].n as number;

  it("an order writes orders.create with the sale number, the key as actor and the request's origin; created_by on the order", async () => {
    const product = await seedProduct(t, a, { name: 'Espresso', price: '3.00' });
    const req = send(a, 'post', '/orders', { items: [{ product_id: product, quantity: 2 }] });
    const order = (await req.expect(201)).body.data;
    expect(order.created_by).toEqual({ type: 'key', id: a.key_id, name: 'Owner key' });
    expect((await send(a, 'get', `/orders/${order.order_id}`).expect(200)).body.data.created_by).toEqual(order.created_by);

    const history = (await send(a, 'get', `/orders/${order.order_id}/activity`).expect(200)).body;
    expect(history.meta).toEqual({ next: null });
    expect(history.data).toEqual([
      {
        id: expect.any(String),
        occurred_at: expect.stringMatching(/Z$/),
        actor: { type: 'key', id: a.key_id, name: 'Owner key' },
        action: 'orders.create',
        resource: { type: 'order', id: order.order_id, label: order.order_number },
        changes: null,
        request_id: req.requestId,
        ip: expect.stringMatching(/127\.0\.0\.1|::1/),
        user_agent: 'activity-spec/1.0',
      },
    ]);
  });

  it("a product's history: create, then an update with the fields it changed, newest first; a refused update writes none", async () => {
    const created = (await send(a, 'post', '/products', { name: 'Tea', sku: 'TEA-ACT', price: 10 }).expect(201)).body.data;
    await send(a, 'put', `/products/${created.id}`, { price: 12.5, name: 'Green tea', description: created.description }).expect(200);
    await send(a, 'post', '/products', { name: 'Other', sku: 'OTHER-ACT', price: 1 }).expect(201);
    const before = await countOf(a);
    await send(a, 'put', `/products/${created.id}`, { sku: 'OTHER-ACT' }).expect(409);
    expect(await countOf(a)).toBe(before);

    const history = (await send(a, 'get', `/products/${created.id}/activity`).expect(200)).body.data;
    expect(history.map((e: any) => [e.action, e.resource.label, e.changes])).toEqual([
      ['products.update', 'Green tea', { name: ['Tea', 'Green tea'], price: [10, 12.5] }],
      ['products.create', 'Tea', null],
    ]);
  });

  it('an order refused for stock writes no entry (the rollback takes it with the rest)', async () => {
    const product = await seedProduct(t, a, { stock: '1' });
    const before = await countOf(a);
    await send(a, 'post', '/orders', { items: [{ product_id: product, quantity: 5 }] }).expect(422);
    expect(await countOf(a)).toBe(before);
  });

  it('a return and its credit note carry created_by; the order history shows the return', async () => {
    const product = await seedProduct(t, a, { price: '4.00' });
    const order = (
      await send(a, 'post', '/orders', { customer: { email: 'ret@activity.test' }, items: [{ product_id: product, quantity: 2 }], send_invoice: true }).expect(
        201,
      )
    ).body.data;
    const ret = (await send(a, 'post', `/orders/${order.order_id}/returns`, { items: [{ sale_item_id: order.items[0].id, quantity: 1 }] }).expect(201)).body
      .data;
    const by = { type: 'key', id: a.key_id, name: 'Owner key' };
    expect(ret.created_by).toEqual(by);
    expect(ret.credit_note_id).toEqual(expect.any(String));
    expect((await send(a, 'get', `/credit-notes/${ret.credit_note_id}`).expect(200)).body.data.created_by).toEqual(by);
    const history = (await send(a, 'get', `/orders/${order.order_id}/activity`).expect(200)).body.data;
    expect(history.map((e: any) => e.action)).toEqual(['returns.create', 'orders.create']);
    expect(history[0].changes).toEqual({ refunded_amount: [0, 4] });
    const notes = (await entries(a, `?resource_type=credit_note&resource_id=${ret.credit_note_id}`)).data;
    expect(notes.map((e: any) => [e.action, e.resource.label])).toEqual([['credit_notes.create', ret.credit_note_number]]);
  });

  it('filters: action exact and by prefix, resource, actor, dates', async () => {
    const c = await createBusiness(t, 'Activity filters');
    const cat = (await send(c, 'post', '/categories', { name: 'Beans' }).expect(201)).body.data;
    await send(c, 'put', `/categories/${cat.id}`, { name: 'Coffee beans' }).expect(200);
    await send(c, 'post', '/products', { name: 'Mug', price: 5 }).expect(201);
    const actions = async (query: string) => (await entries(c, query)).data.map((e: any) => e.action);
    expect(await actions('')).toEqual(['products.create', 'categories.update', 'categories.create']);
    expect(await actions('?action=categories.update')).toEqual(['categories.update']);
    expect(await actions('?action=categories.')).toEqual(['categories.update', 'categories.create']);
    expect(await actions('?action=categories')).toEqual([]);
    expect(await actions(`?resource_type=category&resource_id=${cat.id}`)).toEqual(['categories.update', 'categories.create']);
    expect(await actions(`?actor_type=key&actor_id=${c.key_id}`)).toHaveLength(3);
    expect(await actions('?actor_type=staff')).toEqual([]);
    const today = new Date().toISOString().slice(0, 10);
    expect(await actions(`?from=2000-01-01&to=2000-01-02`)).toEqual([]);
    expect(await actions(`?from=${today}`)).toHaveLength(3);
    await send(c, 'get', '/activity?from=2020-01-02&to=2020-01-01').expect(400);
    await send(c, 'get', '/activity?actor_type=robot').expect(400);
    await send(c, 'get', '/activity?limit=0').expect(400);
    await send(c, 'get', '/activity?limit=101').expect(400);
  });

  it('pages by cursor, newest first, to the last page; an entry of another business is no cursor', async () => {
    const c = await createBusiness(t, 'Activity pages');
    for (let i = 0; i < 5; i++) await send(c, 'post', '/categories', { name: `Cat ${i}` }).expect(201);
    const seen: string[] = [];
    let after: string | null = null;
    let pages = 0;
    do {
      const page: any = await entries(c, `?limit=2${after ? `&after=${after}` : ''}`);
      expect(page.data.length).toBeLessThanOrEqual(2);
      seen.push(...page.data.map((e: any) => e.resource.label));
      after = page.meta.next;
      pages++;
    } while (after);
    expect(pages).toBe(3);
    expect(seen).toEqual(['Cat 4', 'Cat 3', 'Cat 2', 'Cat 1', 'Cat 0']);
    expect((await entries(c)).data).toHaveLength(5); // default 50
    const theirs = (await entries(a)).data[0].id;
    const refused = await send(c, 'get', `/activity?after=${theirs}`).expect(400);
    expect(refused.body.error.code).toBe('VALIDATION_FAILED');
  });

  it('format=csv: every matching entry as a CSV attachment, the local time beside occurred_at, a record per changed field', async () => {
    const c = await createBusiness(t, 'Activity csv', { timezone: 'Asia/Tokyo' });
    const cat = (await send(c, 'post', '/categories', { name: 'Tea, "green"' }).expect(201)).body.data;
    await send(c, 'post', '/warehouses', { name: 'Back' }).expect(201);
    await send(c, 'put', `/categories/${cat.id}`, { name: '=Tea', description: 'Leaves' }).expect(200);
    const res = await send(c, 'get', '/activity?format=csv&action=categories.').expect(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8; header=present');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="activity-\d{4}-\d{2}-\d{2}\.csv"$/);
    const { header, rows } = csvObjects(res.text);
    expect(header).toEqual([
      'id',
      'occurred_at',
      'occurred_at_local',
      'actor.type',
      'actor.id',
      'actor.name',
      'action',
      'resource.type',
      'resource.id',
      'resource.label',
      'request_id',
      'ip',
      'user_agent',
      'change_field',
      'change_before',
      'change_after',
    ]);
    const listed = (await entries(c, '?action=categories.')).data;
    const update = listed.find((e: { action: string }) => e.action === 'categories.update');
    const changed = Object.keys(update.changes as object);
    expect(changed).toContain('name');
    // the update is a record per changed field, its other columns repeated; the creation one record, no change
    expect(rows.map((r) => [r.action, r.change_field])).toEqual([...changed.map((field) => ['categories.update', field]), ['categories.create', null]]);
    const name = rows.find((r) => r.change_field === 'name')!;
    expect(name).toMatchObject({ id: update.id, change_before: 'Tea, "green"', change_after: "'=Tea", 'actor.type': 'key', 'resource.id': cat.id });
    expect(res.text).toContain(',"Tea, ""green""",\'=Tea\r\n');
    expect(name.occurred_at_local).toBe(new Date(update.occurred_at).toLocaleString('sv-SE', { timeZone: 'Asia/Tokyo' }));
    expect(res.text).not.toContain('{');
    await send(c, 'get', '/activity?format=csv&limit=5').expect(400);
  });

  it("tenant isolation: another business's product and order are 404, and its entries are never listed", async () => {
    const product = await seedProduct(t, a);
    const order = (await send(a, 'post', '/orders', { items: [{ product_id: product, quantity: 1 }] }).expect(201)).body.data;
    await send(b, 'get', `/products/${product}/activity`).expect(404);
    await send(b, 'get', `/orders/${order.order_id}/activity`).expect(404);
    expect((await entries(b, `?resource_id=${order.order_id}`)).data).toEqual([]);
    const all = (await entries(b)).data;
    expect(all.every((e: any) => e.actor.id === b.key_id)).toBe(true);
  });

  it('GET /activity needs admin; the histories their resource read scope', async () => {
    const key = (await send(a, 'post', '/api-keys', { name: 'Clerk', scopes: ['products:read', 'orders:read'] }).expect(201)).body.data.api_key;
    const as = (path: string) => t.http().get(`/api/v1${path}`).set('Authorization', `Bearer ${key}`);
    expect((await as('/activity').expect(403)).body.error.details).toEqual([{ required: 'admin' }]);
    const product = await seedProduct(t, a);
    await as(`/products/${product}/activity`).expect(200);
  });

  it('the retention job removes the entries older than ACTIVITY_RETENTION_DAYS, and only those', async () => {
    const c = await createBusiness(t, 'Activity retention');
    await send(c, 'post', '/categories', { name: 'Kept' }).expect(201);
    await send(c, 'post', '/categories', { name: 'Old' }).expect(201);
    await send(c, 'post', '/categories', { name: 'Almost' }).expect(201);
    await t.db.query(`UPDATE activity_entries SET occurred_at = now() - interval '401 days' WHERE business_id = $1 AND resource_label = 'Old'`, [
      c.business_id,
    ]);
    await t.db.query(`UPDATE activity_entries SET occurred_at = now() - interval '399 days' WHERE business_id = $1 AND resource_label = 'Almost'`, [
      c.business_id,
    ]);
    const removed = await t.app.get(ActivityRetention).removeExpired();
    expect(removed).toBeGreaterThanOrEqual(1);
    expect((await entries(c)).data.map((e: any) => e.resource.label)).toEqual(['Kept', 'Almost']);
  });
});
