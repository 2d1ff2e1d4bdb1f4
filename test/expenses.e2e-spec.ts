import { createBusiness, ISO_MS, startTestApp, TestApp, TestBusiness } from './helpers/test-app';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
// UTC+14: "today" there is often another date than in UTC
const TZ = 'Pacific/Kiritimati';

describe('expenses: GET/POST /expenses (docs/api.md 7)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const create = (biz: TestBusiness, body: object, key?: string) => {
    const req = t.http().post('/api/v1/expenses').set(biz.auth);
    if (key) req.set('Idempotency-Key', key);
    return req.send(body);
  };
  const list = (biz: TestBusiness, query: Record<string, string | number> = {}) => t.http().get('/api/v1/expenses').query(query).set(biz.auth);
  const today = async (biz: TestBusiness): Promise<string> =>
    (await t.db.query(`SELECT (now() AT TIME ZONE timezone)::date::text AS d FROM businesses WHERE id = $1`, [biz.business_id]))[0].d;
  const state = async (biz: TestBusiness) =>
    (
      await t.db.query(
        `SELECT (SELECT count(*)::int FROM expenses WHERE business_id = $1) AS expenses,
                (SELECT count(*)::int FROM finance_transactions WHERE business_id = $1) AS finance,
                (SELECT count(*)::int FROM outbox_events WHERE business_id = $1) AS events`,
        [biz.business_id],
      )
    )[0];

  it('records an expense (201) with its finance expense transaction and expense.created', async () => {
    const biz = await createBusiness(t, 'Expense Shop', { timezone: TZ, currency: 'NZD' });
    const res = await create(biz, { amount: 1234.5, category: '  rent ', description: 'November rent' }).expect(201);
    expect(res.body).toEqual({
      success: true,
      data: {
        id: expect.stringMatching(UUID),
        amount: 1234.5,
        currency: 'NZD',
        category: 'rent',
        description: 'November rent',
        date: await today(biz),
        finance_transaction_id: expect.stringMatching(UUID),
        created_at: expect.stringMatching(ISO_MS),
      },
    });
    const e = res.body.data;
    expect(
      await t.db.query(
        `SELECT id, type, category, amount, description, reference_id, sale_id, invoice_id, occurred_on::text AS d FROM finance_transactions WHERE business_id = $1`,
        [biz.business_id],
      ),
    ).toEqual([
      {
        id: e.finance_transaction_id,
        type: 'expense',
        category: 'rent',
        amount: '1234.50',
        description: 'November rent',
        reference_id: e.id,
        sale_id: null,
        invoice_id: null,
        d: e.date,
      },
    ]);
    expect(await t.db.query(`SELECT type, data FROM outbox_events WHERE business_id = $1 ORDER BY seq`, [biz.business_id])).toEqual([
      {
        type: 'expense.created',
        data: {
          expense_id: e.id,
          amount: 1234.5,
          category: 'rent',
          description: 'November rent',
          date: e.date,
          finance_transaction_id: e.finance_transaction_id,
        },
      },
    ]);

    const dated = await create(biz, { amount: 0.1, category: 'supplies', date: '2026-01-15' }).expect(201);
    expect(dated.body.data).toMatchObject({ amount: 0.1, category: 'supplies', description: null, date: '2026-01-15' });
    const [row] = await t.db.query(`SELECT occurred_on::text AS d, amount FROM finance_transactions WHERE id = $1`, [dated.body.data.finance_transaction_id]);
    expect(row).toEqual({ d: '2026-01-15', amount: '0.10' });
  });

  it('400 for invalid bodies, writing nothing and emitting nothing', async () => {
    const biz = await createBusiness(t);
    const before = await state(biz);
    const invalid: [object, string][] = [
      [{ amount: 0, category: 'rent' }, 'amount'],
      [{ amount: -5, category: 'rent' }, 'amount'],
      [{ amount: 1.005, category: 'rent' }, 'amount'],
      [{ amount: '5', category: 'rent' }, 'amount'],
      [{ category: 'rent' }, 'amount'],
      [{ amount: 5 }, 'category'],
      [{ amount: 5, category: '   ' }, 'category'],
      [{ amount: 5, category: 'x'.repeat(101) }, 'category'],
      [{ amount: 5, category: 'rent', date: '2026-02-29' }, 'date'],
      [{ amount: 5, category: 'rent', description: 12 }, 'description'],
      [{ amount: 5, category: 'rent', vendor: 'x' }, 'vendor'],
    ];
    for (const [body, field] of invalid) {
      const res = await create(biz, body).expect(400);
      expect(res.body.error.code).toBe('VALIDATION_FAILED');
      expect(res.body.error.details.map((d: { field: string }) => d.field)).toContain(field);
    }
    expect(await state(biz)).toEqual(before);
  });

  it('lists newest date first with category and inclusive date filters, paged, per business', async () => {
    const biz = await createBusiness(t);
    const other = await createBusiness(t, 'Other Shop');
    const made: Record<string, string> = {};
    for (const [key, category, date] of [
      ['a', 'rent', '2026-03-01'],
      ['b', 'fuel', '2026-03-05'],
      ['c', 'rent', '2026-03-05'],
      ['d', 'fuel', '2026-03-31'],
    ]) {
      made[key] = (await create(biz, { amount: 10, category, date }).expect(201)).body.data.id;
    }
    await create(other, { amount: 99, category: 'rent', date: '2026-03-05' }).expect(201);
    const ids = async (query: Record<string, string | number>) => (await list(biz, query).expect(200)).body.data.map((x: { id: string }) => x.id);
    expect(await ids({})).toEqual([made.d, made.c, made.b, made.a]);
    expect(await ids({ category: 'rent' })).toEqual([made.c, made.a]);
    expect(await ids({ from: '2026-03-05', to: '2026-03-05' })).toEqual([made.c, made.b]);
    expect(await ids({ from: '2026-03-02', category: 'fuel' })).toEqual([made.d, made.b]);
    expect(await ids({ to: '2026-03-01' })).toEqual([made.a]);
    const page = await list(biz, { per_page: 3, page: 2 }).expect(200);
    expect(page.body.meta).toEqual({ page: 2, per_page: 3, total: 4, total_pages: 2 });
    expect(page.body.data.map((x: { id: string }) => x.id)).toEqual([made.a]);
    for (const query of [{ from: '2026-04-01', to: '2026-03-01' }, { per_page: 0 }, { to: 'yesterday' }] as Record<string, string | number>[]) {
      expect((await list(biz, query).expect(400)).body.error.code).toBe('VALIDATION_FAILED');
    }
  });

  it('honours Idempotency-Key: the retry replays, one expense, one transaction, one event', async () => {
    const biz = await createBusiness(t);
    const body = { amount: 42, category: 'utilities' };
    const first = await create(biz, body, 'exp-1').expect(201);
    const replay = await create(biz, body, 'exp-1').expect(201);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.text).toBe(first.text);
    expect((await create(biz, { ...body, amount: 43 }, 'exp-1').expect(409)).body.error.code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(await state(biz)).toEqual({ expenses: 1, finance: 1, events: 1 });
  });
});
