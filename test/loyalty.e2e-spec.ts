import { randomUUID } from 'crypto';
import { verifyLedgers } from '../src/modules/verify/verify-ledgers';
import { seedProduct } from './helpers/orders-fixtures';
import { createBusiness, ISO_MS, startTestApp, TestApp, TestBusiness } from './helpers/test-app';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('loyalty: balance, history, manual redemption (docs/api.md 6)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const order = async (biz: TestBusiness, product: string, quantity: number, email = 'ada@shop.test') =>
    (
      await t
        .http()
        .post('/api/v1/orders')
        .set(biz.auth)
        .send({ customer: { email }, items: [{ product_id: product, quantity }] })
        .expect(201)
    ).body.data;
  const redeem = (biz: TestBusiness, body: object, key?: string) => {
    const req = t.http().post('/api/v1/loyalty/redeem').set(biz.auth);
    if (key) req.set('Idempotency-Key', key);
    return req.send(body);
  };
  const balance = (biz: TestBusiness, customerId: string) => t.http().get(`/api/v1/loyalty/${customerId}`).set(biz.auth);
  const history = (biz: TestBusiness, customerId: string) => t.http().get(`/api/v1/loyalty/${customerId}/history`).set(biz.auth);
  const newCustomer = async (biz: TestBusiness, email: string) =>
    (await t.http().post('/api/v1/customers').set(biz.auth).send({ name: 'Someone', email }).expect(201)).body.data.id as string;
  const loyaltyState = async (biz: TestBusiness) => ({
    accounts: await t.db.query(
      `SELECT customer_id, balance, lifetime_earned, lifetime_redeemed FROM loyalty_accounts WHERE business_id = $1 ORDER BY customer_id`,
      [biz.business_id],
    ),
    transactions: (await t.db.query(`SELECT count(*)::int AS n FROM loyalty_transactions WHERE business_id = $1`, [biz.business_id]))[0].n,
    keys: (
      await t.db.query(`SELECT count(*)::int AS n FROM idempotency_keys WHERE business_id = $1 AND status = 'completed' AND response_status = 201`, [
        biz.business_id,
      ])
    )[0].n,
  });

  it('earns on orders and redeems: exact balance, lifetime totals and history, newest first', async () => {
    const biz = await createBusiness(t);
    const mug = await seedProduct(t, biz, { price: '19.99', stock: '50' });
    const tea = await seedProduct(t, biz, { price: '50.50', stock: '50' });
    const o1 = await order(biz, mug, 2); // 39.98 -> 39 points
    const o2 = await order(biz, tea, 1); // 50.50 -> 50 points
    expect([o1.loyalty_points_earned, o2.loyalty_points_earned]).toEqual([39, 50]);
    const customerId = o1.customer_id;
    expect(o2.customer_id).toBe(customerId);

    const res = await redeem(biz, { customer_id: customerId, points: 25, reason: 'Coffee voucher' }).expect(201);
    expect(res.body).toEqual({
      success: true,
      data: { transaction_id: expect.stringMatching(UUID), customer_id: customerId, points_redeemed: 25, new_balance: 64 },
    });
    const plain = await redeem(biz, { customer_id: customerId, points: 4 }).expect(201);
    expect(plain.body.data.new_balance).toBe(60);

    const b = await balance(biz, customerId).expect(200);
    expect(b.body).toEqual({ customer_id: customerId, balance: 60, lifetime_earned: 89, lifetime_redeemed: 29 });

    const h = await history(biz, customerId).expect(200);
    expect(Array.isArray(h.body)).toBe(true);
    expect(h.body).toEqual([
      {
        id: plain.body.data.transaction_id,
        type: 'redeem',
        points: -4,
        sale_id: null,
        description: 'Manual redemption',
        created_at: expect.stringMatching(ISO_MS),
      },
      {
        id: res.body.data.transaction_id,
        type: 'redeem',
        points: -25,
        sale_id: null,
        description: 'Coffee voucher',
        created_at: expect.stringMatching(ISO_MS),
      },
      {
        id: o2.loyalty_transaction_id,
        type: 'earn',
        points: 50,
        sale_id: o2.order_id,
        description: 'Points earned on order S-0002',
        created_at: o2.created_at,
      },
      {
        id: o1.loyalty_transaction_id,
        type: 'earn',
        points: 39,
        sale_id: o1.order_id,
        description: 'Points earned on order S-0001',
        created_at: o1.created_at,
      },
    ]);
    const times = h.body.map((x: { created_at: string }) => x.created_at);
    expect([...times].sort().reverse()).toEqual(times);
    // the customer record shows the same balance
    expect((await t.http().get(`/api/v1/customers/${customerId}`).set(biz.auth).expect(200)).body.data.loyalty_balance).toBe(60);
  });

  it('a customer without transactions has a zero balance and an empty history (bare)', async () => {
    const biz = await createBusiness(t);
    const id = await newCustomer(biz, 'zero@shop.test');
    expect((await balance(biz, id).expect(200)).body).toEqual({ customer_id: id, balance: 0, lifetime_earned: 0, lifetime_redeemed: 0 });
    expect((await history(biz, id).expect(200)).body).toEqual([]);
  });

  it('404 for an unknown customer or one of another business; 400 for a malformed id', async () => {
    const biz = await createBusiness(t);
    const other = await createBusiness(t, 'Other Shop');
    const theirs = await newCustomer(other, 'theirs@shop.test');
    for (const id of [theirs, randomUUID()]) {
      expect((await balance(biz, id).expect(404)).body.error.code).toBe('NOT_FOUND');
      expect((await history(biz, id).expect(404)).body.error.code).toBe('NOT_FOUND');
    }
    expect((await balance(biz, 'nope').expect(400)).body.error.code).toBe('VALIDATION_FAILED');
    expect((await history(biz, 'nope').expect(400)).body.error.code).toBe('VALIDATION_FAILED');
  });

  it('422 INSUFFICIENT_POINTS with balance and requested, writing nothing', async () => {
    const biz = await createBusiness(t);
    const product = await seedProduct(t, biz, { price: '12.00' });
    const o = await order(biz, product, 1);
    const before = await loyaltyState(biz);
    const res = await redeem(biz, { customer_id: o.customer_id, points: 13 }).expect(422);
    expect(res.body.success).toBe(false);
    expect(res.body.error.code).toBe('INSUFFICIENT_POINTS');
    expect(res.body.error.details).toEqual([{ balance: 12, requested: 13 }]);
    // a customer who never earned: balance 0
    const fresh = await newCustomer(biz, 'fresh@shop.test');
    const none = await redeem(biz, { customer_id: fresh, points: 1 }).expect(422);
    expect(none.body.error.details).toEqual([{ balance: 0, requested: 1 }]);
    expect(await loyaltyState(biz)).toEqual(before);
  });

  it('422 UNKNOWN_CUSTOMER for a customer of another business or none; 400 for invalid bodies; nothing written', async () => {
    const biz = await createBusiness(t);
    const other = await createBusiness(t, 'Other Shop');
    const product = await seedProduct(t, other, { price: '100.00' });
    const theirs = await order(other, product, 1, 'rich@shop.test');
    const mine = await newCustomer(biz, 'mine@shop.test');
    const before = [await loyaltyState(biz), await loyaltyState(other)];

    for (const id of [theirs.customer_id, randomUUID()]) {
      const res = await redeem(biz, { customer_id: id, points: 10 }).expect(422);
      expect(res.body.error).toMatchObject({ code: 'UNKNOWN_CUSTOMER', details: [{ customer_id: id }] });
    }
    const invalid: [object, string][] = [
      [{ customer_id: mine, points: 0 }, 'points'],
      [{ customer_id: mine, points: -5 }, 'points'],
      [{ customer_id: mine, points: 1.5 }, 'points'],
      [{ customer_id: mine, points: 2 ** 53 }, 'points'],
      [{ customer_id: mine, points: '10' }, 'points'],
      [{ customer_id: mine }, 'points'],
      [{ customer_id: 'not-a-uuid', points: 1 }, 'customer_id'],
      [{ points: 1 }, 'customer_id'],
      [{ customer_id: mine, points: 1, reason: 7 }, 'reason'],
      [{ customer_id: mine, points: 1, extra: true }, 'extra'],
    ];
    for (const [body, field] of invalid) {
      const res = await redeem(biz, body).expect(400);
      expect(res.body.error.code).toBe('VALIDATION_FAILED');
      expect(res.body.error.details.map((d: { field: string }) => d.field)).toContain(field);
    }
    expect([await loyaltyState(biz), await loyaltyState(other)]).toEqual(before);
  });

  it('10 parallel redemptions of 30 on a balance of 100: exactly 3 succeed, the balance ends at 10', async () => {
    const biz = await createBusiness(t);
    const product = await seedProduct(t, biz, { price: '100.00' });
    const o = await order(biz, product, 1);
    expect(o.loyalty_points_earned).toBe(100);

    const results = await Promise.all(Array.from({ length: 10 }, () => redeem(biz, { customer_id: o.customer_id, points: 30 })));
    const ok = results.filter((r) => r.status === 201);
    const refused = results.filter((r) => r.status === 422);
    expect(ok).toHaveLength(3);
    expect(refused).toHaveLength(7);
    expect(ok.map((r) => r.body.data.new_balance).sort((a, b) => a - b)).toEqual([10, 40, 70]);
    for (const r of refused) {
      expect(r.body.error.code).toBe('INSUFFICIENT_POINTS');
      expect(r.body.error.details).toEqual([{ balance: 10, requested: 30 }]);
    }
    expect((await balance(biz, o.customer_id)).body).toEqual({ customer_id: o.customer_id, balance: 10, lifetime_earned: 100, lifetime_redeemed: 90 });
    const rows = await t.db.query(`SELECT type, points FROM loyalty_transactions WHERE business_id = $1 ORDER BY created_at`, [biz.business_id]);
    expect(rows).toEqual([
      { type: 'earn', points: '100' },
      { type: 'redeem', points: '-30' },
      { type: 'redeem', points: '-30' },
      { type: 'redeem', points: '-30' },
    ]);
  });

  it('honours Idempotency-Key: a retry replays without redeeming twice; another body is 409', async () => {
    const biz = await createBusiness(t);
    const product = await seedProduct(t, biz, { price: '50.00' });
    const o = await order(biz, product, 1);
    const body = { customer_id: o.customer_id, points: 20, reason: 'Gift' };
    const first = await redeem(biz, body, 'redeem-1').expect(201);
    const replay = await redeem(biz, body, 'redeem-1').expect(201);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.text).toBe(first.text);
    const reused = await redeem(biz, { ...body, points: 21 }, 'redeem-1').expect(409);
    expect(reused.body.error.code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect((await balance(biz, o.customer_id)).body.balance).toBe(30);
    expect((await history(biz, o.customer_id)).body.filter((x: { type: string }) => x.type === 'redeem')).toHaveLength(1);
  });

  it('points past 2^31: an order of 3,000,000,000.00 earns 3000000000, redeemed and reversed exactly, as JSON numbers', async () => {
    const biz = await createBusiness(t);
    const product = await seedProduct(t, biz, { price: '1000000000.00', stock: null });
    // stock through the API, so the movement ledger holds it and verify is clean at the end
    await t.http().post('/api/v1/stock/adjustments').set(biz.auth).send({ product_id: product, quantity: 10, reason: 'restock' }).expect(201);
    const big = async () => {
      const res = await t
        .http()
        .post('/api/v1/orders')
        .set(biz.auth)
        .send({ customer: { email: 'whale@shop.test' }, items: [{ product_id: product, quantity: 3 }] });
      expect([res.status, res.body.data?.total, res.body.data?.loyalty_points_earned]).toEqual([201, 3_000_000_000, 3_000_000_000]);
      return res.body.data;
    };
    const cancel = async (orderId: string) => {
      const res = await t.http().post(`/api/v1/orders/${orderId}/cancel`).set(biz.auth).send({}).expect(200);
      expect([res.body.data.status, res.body.data.loyalty_points_earned]).toEqual(['cancelled', 3_000_000_000]);
    };
    const account = async (id: string) => (await balance(biz, id).expect(200)).body;

    const a = await big();
    const id = a.customer_id;
    expect(await account(id)).toEqual({ customer_id: id, balance: 3_000_000_000, lifetime_earned: 3_000_000_000, lifetime_redeemed: 0 });
    expect((await t.http().get(`/api/v1/orders/${a.order_id}`).set(biz.auth).expect(200)).body.data.loyalty_points_earned).toBe(3_000_000_000);

    const short = await redeem(biz, { customer_id: id, points: 4_000_000_000 }).expect(422);
    expect(short.body.error.details).toEqual([{ balance: 3_000_000_000, requested: 4_000_000_000 }]);
    const spent = await redeem(biz, { customer_id: id, points: 2_500_000_000 }).expect(201);
    expect(spent.body.data).toEqual({ transaction_id: expect.stringMatching(UUID), customer_id: id, points_redeemed: 2_500_000_000, new_balance: 500_000_000 });

    const b = await big();
    expect(b.customer_id).toBe(id);
    expect((await t.http().get(`/api/v1/customers/${id}`).set(biz.auth).expect(200)).body.data.loyalty_balance).toBe(3_500_000_000);
    await cancel(b.order_id);
    expect(await account(id)).toEqual({ customer_id: id, balance: 500_000_000, lifetime_earned: 3_000_000_000, lifetime_redeemed: 2_500_000_000 });
    // the first order takes back only what is left
    await cancel(a.order_id);
    expect(await account(id)).toEqual({ customer_id: id, balance: 0, lifetime_earned: 2_500_000_000, lifetime_redeemed: 2_500_000_000 });

    const events = await t.db.query(
      `SELECT data->'points_reversed' AS points FROM outbox_events WHERE business_id = $1 AND type = 'sale.cancelled' ORDER BY seq`,
      [biz.business_id],
    );
    expect(events).toEqual([{ points: 3_000_000_000 }, { points: 500_000_000 }]);
    const ledger = (await history(biz, id).expect(200)).body.map((x: { type: string; points: number }) => [x.type, x.points]);
    expect(ledger).toEqual([
      ['reverse', -500_000_000],
      ['reverse', -3_000_000_000],
      ['earn', 3_000_000_000],
      ['redeem', -2_500_000_000],
      ['earn', 3_000_000_000],
    ]);
    expect(await t.db.query(`SELECT balance, lifetime_earned, lifetime_redeemed FROM loyalty_accounts WHERE business_id = $1`, [biz.business_id])).toEqual([
      { balance: '0', lifetime_earned: '2500000000', lifetime_redeemed: '2500000000' },
    ]);
    await expect(t.db.query(`UPDATE loyalty_accounts SET balance = -1 WHERE business_id = $1`, [biz.business_id])).rejects.toThrow(/check constraint/);
    expect(await verifyLedgers(t.db, biz.business_id)).toMatchObject({ ok: true, drift: [] });
  });
});

describe('loyalty history: the whole of it, and pages with limit and before (docs/api.md 6)', () => {
  let t: TestApp;
  let biz: TestBusiness;
  let customerId: string;
  let newestFirst: string[];

  beforeAll(async () => {
    t = await startTestApp();
    biz = await createBusiness(t);
    customerId = (await t.http().post('/api/v1/customers').set(biz.auth).send({ email: 'long@shop.test' }).expect(201)).body.data.id;
    // 2,345 transactions, more than two internal pages of 1,000, many sharing a created_at (one statement)
    await t.db.query(
      `INSERT INTO loyalty_transactions (business_id, customer_id, type, points, description, created_at)
       SELECT $1, $2, 'earn', i, 'Points ' || i, timestamptz '2026-01-01' + (i / 3) * interval '1 second' FROM generate_series(1, 2345) i`,
      [biz.business_id, customerId],
    );
    newestFirst = (
      await t.db.query(`SELECT id FROM loyalty_transactions WHERE business_id = $1 AND customer_id = $2 ORDER BY created_at DESC, id DESC`, [
        biz.business_id,
        customerId,
      ])
    ).map((r: { id: string }) => r.id);
  });
  afterAll(() => t.close());

  const history = (query = '') => t.http().get(`/api/v1/loyalty/${customerId}/history${query}`).set(biz.auth);

  it('without parameters: every transaction, newest first, as one bare array', async () => {
    const res = await history().expect(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.body.map((tr: { id: string }) => tr.id)).toEqual(newestFirst);
    expect(res.body[0]).toEqual({
      id: newestFirst[0],
      type: 'earn',
      points: expect.any(Number),
      sale_id: null,
      description: expect.any(String),
      created_at: expect.any(String),
    });
  });

  it('limit and before page through it without gaps or repeats', async () => {
    const seen: string[] = [];
    let before = '';
    for (;;) {
      const page = (await history(`?limit=1000${before ? `&before=${before}` : ''}`).expect(200)).body as { id: string }[];
      seen.push(...page.map((tr) => tr.id));
      if (page.length < 1000) break;
      before = page[page.length - 1].id;
    }
    expect(seen).toEqual(newestFirst);
    expect((await history('?limit=3').expect(200)).body.map((tr: { id: string }) => tr.id)).toEqual(newestFirst.slice(0, 3));
    expect((await history(`?before=${newestFirst[10]}`).expect(200)).body.map((tr: { id: string }) => tr.id)).toEqual(newestFirst.slice(11, 111));
  });

  it.each([['?limit=0'], ['?limit=1001'], ['?limit=abc'], ['?before=not-a-uuid'], ['?after=x']])('%s is 400 VALIDATION_FAILED', async (query) => {
    expect((await history(query).expect(400)).body.error.code).toBe('VALIDATION_FAILED');
  });

  it("a `before` of another customer or business is 400; another business's customer is 404", async () => {
    const other = await createBusiness(t, 'Other');
    const res = await history('?before=00000000-0000-4000-8000-000000000000').expect(400);
    expect(res.body.error.details).toEqual([expect.objectContaining({ field: 'before' })]);
    await t.http().get(`/api/v1/loyalty/${customerId}/history`).set(other.auth).expect(404);
    await t.http().get(`/api/v1/loyalty/${customerId}/history?limit=5`).set(other.auth).expect(404);
  });
});
