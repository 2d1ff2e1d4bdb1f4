import { seedProduct } from './helpers/orders-fixtures';
import { createBusiness, ISO_MS, startTestApp, TestApp, TestBusiness } from './helpers/test-app';

const TZ = 'Pacific/Kiritimati'; // UTC+14

describe('finance: GET /finance/transactions and /finance/summary (docs/api.md 7)', () => {
  let t: TestApp;
  let biz: TestBusiness;
  let other: TestBusiness;
  const ids: Record<string, string> = {};
  const dates: Record<string, string> = {};

  const post = async (b: TestBusiness, path: string, body: object) => (await t.http().post(`/api/v1${path}`).set(b.auth).send(body).expect(201)).body.data;
  const get = (b: TestBusiness, path: string, query: Record<string, string | number> = {}) => t.http().get(`/api/v1${path}`).query(query).set(b.auth);
  const localDate = async (b: TestBusiness, plusDays: number): Promise<string> =>
    (await t.db.query(`SELECT ((now() AT TIME ZONE timezone)::date + $2::int)::text AS d FROM businesses WHERE id = $1`, [b.business_id, plusDays]))[0].d;

  /**
   * Today: orders of 55.45 and 20.00 (the second cancelled: a refund), a manual invoice of 42.10 paid
   * today, rent 1000, payroll 5999.31. Earlier: fuel 12.34 ten days ago, an invoice of 42.10 paid 40
   * days ago, `old` 99 a hundred days ago. Tomorrow: 5.00 of supplies (in no window yet).
   */
  beforeAll(async () => {
    t = await startTestApp();
    biz = await createBusiness(t, 'Ledger Shop', { timezone: TZ });
    other = await createBusiness(t, 'Other Shop');
    for (const [key, plus] of [
      ['today', 0],
      ['d10', -10],
      ['d40', -40],
      ['d100', -100],
      ['tomorrow', 1],
      ['d9', -9],
    ] as const)
      dates[key] = await localDate(biz, plus);
    const mug = await seedProduct(t, biz, { price: '55.45' });
    const tea = await seedProduct(t, biz, { price: '20.00' });
    const o1 = await post(biz, '/orders', { customer: { email: 'ann@shop.test' }, items: [{ product_id: mug, quantity: 1 }] });
    const o2 = await post(biz, '/orders', { items: [{ product_id: tea, quantity: 1 }] });
    await t.http().post(`/api/v1/orders/${o2.order_id}/cancel`).set(biz.auth).send({}).expect(200);
    Object.assign(ids, { o1: o1.order_id, o2: o2.order_id });
    for (const paidDate of [dates.today, dates.d40]) {
      const inv = await post(biz, '/invoices', { customer_id: o1.customer_id, items: [{ product_id: mug, quantity: 2, price: 21.05 }] });
      await t.http().put(`/api/v1/invoices/${inv.id}`).set(biz.auth).send({ status: 'paid', paid_date: paidDate }).expect(200);
      ids[`inv_${paidDate}`] = inv.id;
    }
    ids.rent = (await post(biz, '/expenses', { amount: 1000, category: 'rent' })).finance_transaction_id;
    ids.fuel = (await post(biz, '/expenses', { amount: 12.34, category: 'fuel', date: dates.d10 })).finance_transaction_id;
    ids.old = (await post(biz, '/expenses', { amount: 99, category: 'old', date: dates.d100 })).finance_transaction_id;
    ids.future = (await post(biz, '/expenses', { amount: 5, category: 'supplies', date: dates.tomorrow })).finance_transaction_id;
    ids.payroll = (
      await post(biz, '/payroll/runs', { period_start: dates.d40, period_end: dates.d10, items: [{ employee_name: 'A', amount: 5999.31 }] })
    ).finance_transaction_id;
    await post(other, '/expenses', { amount: 7, category: 'rent' });
  });
  afterAll(() => t.close());

  const summary = async (days?: number) => (await get(biz, '/finance/summary', days === undefined ? {} : { days }).expect(200)).body;

  it('summary over 30 days (the default): income, expenses, refunds, net, counts and categories, exact', async () => {
    expect(await summary()).toEqual({
      success: true,
      data: {
        period_days: 30,
        from: await localDate(biz, -29),
        to: dates.today,
        currency: 'USD',
        income: 117.55,
        expenses: 7011.65,
        refunds: 20,
        net: -6914.1,
        counts: { income: 3, expense: 3, refund: 1 },
        by_category: [
          { type: 'income', category: 'sales', amount: 75.45, count: 2 },
          { type: 'income', category: 'invoices', amount: 42.1, count: 1 },
          { type: 'expense', category: 'payroll', amount: 5999.31, count: 1 },
          { type: 'expense', category: 'rent', amount: 1000, count: 1 },
          { type: 'expense', category: 'fuel', amount: 12.34, count: 1 },
          { type: 'refund', category: 'sales', amount: 20, count: 1 },
        ],
      },
    });
    expect(await summary(30)).toEqual(await summary());
  });

  it('the window is exactly `days` booking dates up to today in the business zone: 1, 10, 11 and 365', async () => {
    const one = (await summary(1)).data;
    expect(one).toMatchObject({ period_days: 1, from: dates.today, to: dates.today, income: 117.55, expenses: 6999.31, refunds: 20, net: -6901.76 });
    expect((await summary(10)).data).toMatchObject({ from: dates.d9, expenses: 6999.31 });
    expect((await summary(11)).data).toMatchObject({ from: dates.d10, expenses: 7011.65 });
    const year = (await summary(365)).data;
    expect(year).toMatchObject({ period_days: 365, from: await localDate(biz, -364), income: 159.65, expenses: 7110.65, refunds: 20, net: -6971 });
    expect(year.counts).toEqual({ income: 4, expense: 4, refund: 1 });
    expect(year.by_category).toContainEqual({ type: 'income', category: 'invoices', amount: 84.2, count: 2 });
    expect(year.by_category).toContainEqual({ type: 'expense', category: 'old', amount: 99, count: 1 });
    // tomorrow's supplies are in no window
    expect(year.by_category.find((c: { category: string }) => c.category === 'supplies')).toBeUndefined();
  });

  it('400 for days outside 1..365 or not an integer', async () => {
    for (const days of ['0', '366', 'abc', '1.5', '-3']) {
      expect((await get(biz, '/finance/summary', { days }).expect(400)).body.error.code).toBe('VALIDATION_FAILED');
    }
  });

  it('lists every transaction newest booking date first, with their fields', async () => {
    const res = await get(biz, '/finance/transactions', { per_page: 100 }).expect(200);
    expect(res.body.meta).toEqual({ page: 1, per_page: 100, total: 10, total_pages: 1 });
    const rows = res.body.data;
    const booked = rows.map((r: { date: string }) => r.date);
    expect([...booked].sort().reverse()).toEqual(booked);
    expect(rows[0]).toEqual({
      id: ids.future,
      type: 'expense',
      category: 'supplies',
      amount: 5,
      currency: 'USD',
      description: null,
      date: dates.tomorrow,
      sale_id: null,
      invoice_id: null,
      reference_id: expect.any(String),
      created_at: expect.stringMatching(ISO_MS),
    });
    expect(rows.find((r: { type: string }) => r.type === 'refund')).toMatchObject({
      category: 'sales',
      amount: 20,
      sale_id: ids.o2,
      date: dates.today,
      description: expect.stringMatching(/^Refund of cancelled order S-\d{4}$/),
    });
  });

  it('filters by type and inclusive booking dates, paged; another business sees only its own', async () => {
    const list = async (query: Record<string, string | number>) => (await get(biz, '/finance/transactions', query).expect(200)).body;
    const income = await list({ type: 'income' });
    expect(income.meta.total).toBe(4);
    expect(income.data.map((r: { category: string; amount: number }) => [r.category, r.amount]).sort()).toEqual([
      ['invoices', 42.1],
      ['invoices', 42.1],
      ['sales', 20],
      ['sales', 55.45],
    ]);
    expect((await list({ type: 'refund' })).data.map((r: { sale_id: string }) => r.sale_id)).toEqual([ids.o2]);
    expect((await list({ type: 'expense' })).meta.total).toBe(5);
    expect((await list({ from: dates.d10, to: dates.d10 })).data.map((r: { id: string }) => r.id)).toEqual([ids.fuel]);
    expect((await list({ from: dates.d100, to: dates.d40 })).data.map((r: { id: string }) => r.id).sort()).toEqual(
      [ids.old, (await list({ type: 'income', to: dates.d40 })).data[0].id].sort(),
    );
    expect((await list({ type: 'expense', from: dates.today })).data.map((r: { id: string }) => r.id).sort()).toEqual(
      [ids.future, ids.payroll, ids.rent].sort(),
    );
    const page = await list({ per_page: 4, page: 3 });
    expect(page.meta).toEqual({ page: 3, per_page: 4, total: 10, total_pages: 3 });
    expect(page.data).toHaveLength(2);

    for (const query of [{ type: 'transfer' }, { from: dates.today, to: dates.d10 }, { per_page: 101 }, { from: 'today' }] as Record<
      string,
      string | number
    >[]) {
      expect((await get(biz, '/finance/transactions', query).expect(400)).body.error.code).toBe('VALIDATION_FAILED');
    }
    const theirs = (await get(other, '/finance/transactions').expect(200)).body;
    expect(theirs.meta.total).toBe(1);
    expect(theirs.data[0]).toMatchObject({ type: 'expense', category: 'rent', amount: 7 });
    expect((await get(other, '/finance/summary').expect(200)).body.data).toMatchObject({ income: 0, expenses: 7, refunds: 0, net: -7 });
  });

  it('every money-side endpoint is in the OpenAPI document, with the Bearer scheme', async () => {
    const doc = (await t.http().get('/docs-json').expect(200)).body;
    const paths = doc.paths as Record<string, Record<string, { security?: unknown[] }>>;
    const routes = Object.entries(paths).flatMap(([path, ops]) => Object.keys(ops).map((method) => `${method.toUpperCase()} ${path}`));
    const mine = [
      'GET /api/v1/loyalty/{customer_id}',
      'GET /api/v1/loyalty/{customer_id}/history',
      'POST /api/v1/loyalty/redeem',
      'GET /api/v1/invoices',
      'POST /api/v1/invoices',
      'GET /api/v1/invoices/{id}',
      'PUT /api/v1/invoices/{id}',
      'GET /api/v1/finance/transactions',
      'GET /api/v1/finance/summary',
      'GET /api/v1/expenses',
      'POST /api/v1/expenses',
      'GET /api/v1/payroll/runs',
      'POST /api/v1/payroll/runs',
      'GET /api/v1/payroll/runs/{id}',
      'POST /api/v1/orders/{id}/cancel',
    ];
    expect(routes).toEqual(expect.arrayContaining(mine));
    for (const route of mine) {
      const [method, path] = route.split(' ');
      expect({ route, security: paths[path][method.toLowerCase()].security }).toEqual({ route, security: [{ bearer: [] }] });
    }
  });
});
