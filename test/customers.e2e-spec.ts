import { seedProduct } from './helpers/orders-fixtures';
import { createBusiness, ISO_MS, startTestApp, TestApp, TestBusiness } from './helpers/test-app';

describe('customers: GET/POST /customers, GET/PUT /customers/:id', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const create = (biz: TestBusiness, body: object) => t.http().post('/api/v1/customers').set(biz.auth).send(body);
  const events = (biz: TestBusiness) => t.db.query(`SELECT type, data FROM outbox_events WHERE business_id = $1 ORDER BY seq`, [biz.business_id]);

  it('creates a customer (201) with zero totals and emits customer.created', async () => {
    const biz = await createBusiness(t);
    const res = await create(biz, { name: 'Ada', email: ' Ada@Example.com ', phone: '+1 555 0100', notes: 'VIP' }).expect(201);
    expect(res.body).toEqual({
      success: true,
      data: {
        id: expect.any(String),
        name: 'Ada',
        email: 'Ada@Example.com',
        phone: '+1 555 0100',
        notes: 'VIP',
        total_spent: 0,
        total_orders: 0,
        last_purchase_date: null,
        loyalty_balance: 0,
        created_at: expect.stringMatching(ISO_MS),
        updated_at: expect.stringMatching(ISO_MS),
      },
    });
    expect(await events(biz)).toEqual([
      { type: 'customer.created', data: { customer_id: res.body.data.id, name: 'Ada', email: 'Ada@Example.com', phone: '+1 555 0100' } },
    ]);
  });

  it('409 CUSTOMER_EXISTS for an email or phone of another customer (normalised), nothing written', async () => {
    const biz = await createBusiness(t);
    await create(biz, { name: 'Ada', email: 'ada@example.com', phone: '+1 555 0100' }).expect(201);
    const byEmail = await create(biz, { name: 'Other', email: 'ADA@example.com' }).expect(409);
    expect(byEmail.body.error).toMatchObject({ code: 'CUSTOMER_EXISTS', details: [{ field: 'email' }] });
    const byPhone = await create(biz, { name: 'Other', phone: '+1 (555) 01-00' }).expect(409);
    expect(byPhone.body.error).toMatchObject({ code: 'CUSTOMER_EXISTS', details: [{ field: 'phone' }] });
    const [{ n }] = await t.db.query(`SELECT count(*)::int AS n FROM customers WHERE business_id = $1`, [biz.business_id]);
    expect(n).toBe(1);
    expect(await events(biz)).toHaveLength(1);
    // another business may have the same email
    const other = await createBusiness(t);
    await create(other, { name: 'Ada elsewhere', email: 'ada@example.com' }).expect(201);
  });

  it.each([
    [{}, 'name'],
    [{ name: 'X', email: 'nope' }, 'email'],
    [{ name: 'X', phone: 'call me' }, 'phone'],
    [{ name: 'X', phone: '12' }, 'phone'],
    [{ name: 'X', vip: true }, 'vip'],
    [{ name: 42 }, 'name'],
  ])('400 for %j', async (body, field) => {
    const biz = await createBusiness(t);
    const res = await create(biz, body).expect(400);
    expect(res.body.error.code).toBe('VALIDATION_FAILED');
    expect(res.body.error.details.map((d: { field: string }) => d.field)).toContain(field);
  });

  it('accepts a customer with only a phone, or only an email', async () => {
    const biz = await createBusiness(t);
    const phoneOnly = await create(biz, { phone: '020 7946 0958' }).expect(201);
    expect(phoneOnly.body.data).toMatchObject({ name: null, email: null, phone: '020 7946 0958' });
    await create(biz, { email: 'only@mail.test' }).expect(201);
  });

  it('GET /customers/:id shows the totals and loyalty balance that orders built', async () => {
    const biz = await createBusiness(t);
    const product = await seedProduct(t, biz, { price: '40.25' });
    const first = await t
      .http()
      .post('/api/v1/orders')
      .set(biz.auth)
      .send({ customer: { name: 'Bo', email: 'bo@shop.test' }, items: [{ product_id: product, quantity: 1 }] })
      .expect(201);
    const second = await t
      .http()
      .post('/api/v1/orders')
      .set(biz.auth)
      .send({ customer: { email: 'BO@shop.test' }, items: [{ product_id: product, quantity: 2 }] })
      .expect(201);
    const id = first.body.data.customer_id;
    const res = await t.http().get(`/api/v1/customers/${id}`).set(biz.auth).expect(200);
    expect(res.body.data).toMatchObject({ id, name: 'Bo', email: 'bo@shop.test', total_spent: 120.75, total_orders: 2, loyalty_balance: 120 });
    expect(new Date(res.body.data.last_purchase_date).getTime()).toBeGreaterThanOrEqual(new Date(first.body.data.created_at).getTime() - 1000);
    expect(second.body.data.loyalty_points_earned).toBe(80);
  });

  it('lists newest first, paged, with a search on name, email or phone that treats % and _ literally', async () => {
    const biz = await createBusiness(t);
    for (const c of [
      { name: 'Alice Smith', email: 'alice@one.test' },
      { name: 'Bob Stone', email: 'bob@two.test', phone: '555 0199' },
      { name: 'Carol 100%', email: 'carol_x@three.test' },
    ]) {
      await create(biz, c).expect(201);
    }
    const all = await t.http().get('/api/v1/customers?per_page=2').set(biz.auth).expect(200);
    expect(all.body.data.map((c: { name: string }) => c.name)).toEqual(['Carol 100%', 'Bob Stone']);
    expect(all.body.meta).toEqual({ page: 1, per_page: 2, total: 3, total_pages: 2 });
    const search = async (q: string) =>
      (
        await t
          .http()
          .get(`/api/v1/customers?search=${encodeURIComponent(q)}`)
          .set(biz.auth)
          .expect(200)
      ).body.data.map((c: { name: string }) => c.name);
    expect(await search('SMITH')).toEqual(['Alice Smith']);
    expect(await search('two.TEST')).toEqual(['Bob Stone']);
    expect(await search('0199')).toEqual(['Bob Stone']);
    expect(await search('%')).toEqual(['Carol 100%']);
    expect(await search('_x')).toEqual(['Carol 100%']);
    expect(await search('nobody')).toEqual([]);
  });

  it('PUT updates given fields, clears with null, and refuses a taken email (409)', async () => {
    const biz = await createBusiness(t);
    const a = (await create(biz, { name: 'A', email: 'a@x.test', phone: '111 222', notes: 'n' }).expect(201)).body.data;
    await create(biz, { name: 'B', email: 'b@x.test' }).expect(201);
    const res = await t.http().put(`/api/v1/customers/${a.id}`).set(biz.auth).send({ name: 'A2', phone: null, notes: null }).expect(200);
    expect(res.body.data).toMatchObject({ id: a.id, name: 'A2', email: 'a@x.test', phone: null, notes: null });
    expect(new Date(res.body.data.updated_at).getTime()).toBeGreaterThanOrEqual(new Date(a.updated_at).getTime());
    const taken = await t.http().put(`/api/v1/customers/${a.id}`).set(biz.auth).send({ email: 'B@X.test' }).expect(409);
    expect(taken.body.error).toMatchObject({ code: 'CUSTOMER_EXISTS', details: [{ field: 'email' }] });
    const [row] = await t.db.query(`SELECT email, email_normalized, phone_normalized FROM customers WHERE id = $1`, [a.id]);
    expect(row).toEqual({ email: 'a@x.test', email_normalized: 'a@x.test', phone_normalized: null });
    // a new email is stored as given and matched normalised
    const moved = await t.http().put(`/api/v1/customers/${a.id}`).set(biz.auth).send({ email: ' New@X.test ' }).expect(200);
    expect(moved.body.data.email).toBe('New@X.test');
    const [again] = await t.db.query(`SELECT email_normalized FROM customers WHERE id = $1`, [a.id]);
    expect(again.email_normalized).toBe('new@x.test');
    const bad = await t.http().put(`/api/v1/customers/${a.id}`).set(biz.auth).send({ name: null }).expect(400);
    expect(bad.body.error.code).toBe('VALIDATION_FAILED');
  });

  // a quoted local part may hold any character to validator.js's isEmail, a CR LF included
  const CONTROLLED_EMAILS = [
    ['CR LF in a quoted local part', '"x\\\r\nBcc: evil@evil.test"@example.com'],
    ['a LF in a quoted local part', '"x\nBcc: evil@evil.test"@example.com'],
    ['a NUL in a quoted local part', '"x\u0000y"@example.com'],
    ['a TAB in a quoted local part', '"x\ty"@example.com'],
    ['DEL in a quoted local part', '"x\u007fy"@example.com'],
    ['a trailing CR LF', 'plain@example.com\r\n'],
    ['a leading LF', '\nplain@example.com'],
  ];

  it.each(CONTROLLED_EMAILS)('POST /customers refuses an email with %s: 400 naming email, nothing stored', async (_what, email) => {
    const biz = await createBusiness(t);
    const res = await create(biz, { name: 'Eve', email });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION_FAILED');
    expect(res.body.error.details.map((d: { field: string }) => d.field)).toEqual(['email']);
    expect(await t.db.query(`SELECT id FROM customers WHERE business_id = $1`, [biz.business_id])).toEqual([]);
    expect(await events(biz)).toEqual([]);
  });

  it.each(CONTROLLED_EMAILS)('PUT /customers/:id refuses an email with %s: 400 naming email, the customer unchanged', async (_what, email) => {
    const biz = await createBusiness(t);
    const a = (await create(biz, { name: 'A', email: 'a@x.test' }).expect(201)).body.data;
    const res = await t.http().put(`/api/v1/customers/${a.id}`).set(biz.auth).send({ email });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION_FAILED');
    expect(res.body.error.details.map((d: { field: string }) => d.field)).toEqual(['email']);
    const [row] = await t.db.query(`SELECT email, updated_at FROM customers WHERE id = $1`, [a.id]);
    expect(row.email).toBe('a@x.test');
    expect(row.updated_at.toISOString()).toBe(a.updated_at);
  });

  it('404 for another business customer on GET and PUT, and it stays unchanged', async () => {
    const biz = await createBusiness(t);
    const other = await createBusiness(t);
    const theirs = (await create(other, { name: 'Theirs', email: 't@x.test' }).expect(201)).body.data;
    expect((await t.http().get(`/api/v1/customers/${theirs.id}`).set(biz.auth).expect(404)).body.error.code).toBe('NOT_FOUND');
    await t.http().put(`/api/v1/customers/${theirs.id}`).set(biz.auth).send({ name: 'Stolen' }).expect(404);
    const [row] = await t.db.query(`SELECT name FROM customers WHERE id = $1`, [theirs.id]);
    expect(row.name).toBe('Theirs');
    const list = await t.http().get('/api/v1/customers').set(biz.auth).expect(200);
    expect(list.body.meta.total).toBe(0);
  });
});
