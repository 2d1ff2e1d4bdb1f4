import { randomUUID } from 'crypto';
import { createBusiness, ISO_MS, startTestApp, TestApp, TestBusiness } from './helpers/test-app';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const TZ = 'Pacific/Pago_Pago'; // UTC-11

describe('payroll: GET/POST /payroll/runs (docs/api.md 7)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const create = (biz: TestBusiness, body: object, key?: string) => {
    const req = t.http().post('/api/v1/payroll/runs').set(biz.auth);
    if (key) req.set('Idempotency-Key', key);
    return req.send(body);
  };
  const today = async (biz: TestBusiness): Promise<string> =>
    (await t.db.query(`SELECT (now() AT TIME ZONE timezone)::date::text AS d FROM businesses WHERE id = $1`, [biz.business_id]))[0].d;
  const state = async (biz: TestBusiness) =>
    (
      await t.db.query(
        `SELECT (SELECT count(*)::int FROM payroll_runs WHERE business_id = $1) AS runs,
                (SELECT count(*)::int FROM payroll_items WHERE business_id = $1) AS items,
                (SELECT count(*)::int FROM finance_transactions WHERE business_id = $1) AS finance,
                (SELECT count(*)::int FROM outbox_events WHERE business_id = $1) AS events`,
        [biz.business_id],
      )
    )[0];
  const run = {
    period_start: '2026-11-01',
    period_end: '2026-11-30',
    items: [
      { employee_name: 'Grace Hopper', amount: 3000.1 },
      { employee_name: ' Alan Turing ', amount: 2999.2 },
      { employee_name: 'Ada Lovelace', amount: 0.01 },
    ],
  };

  it('processes a run (201): exact total, one finance expense (payroll) and payroll.processed', async () => {
    const biz = await createBusiness(t, 'Payroll Shop', { timezone: TZ });
    const res = await create(biz, run).expect(201);
    expect(res.body).toEqual({
      success: true,
      data: {
        id: expect.stringMatching(UUID),
        period_start: '2026-11-01',
        period_end: '2026-11-30',
        total: 5999.31,
        currency: 'USD',
        employee_count: 3,
        finance_transaction_id: expect.stringMatching(UUID),
        items: [
          { employee_name: 'Grace Hopper', amount: 3000.1 },
          { employee_name: 'Alan Turing', amount: 2999.2 },
          { employee_name: 'Ada Lovelace', amount: 0.01 },
        ],
        created_at: expect.stringMatching(ISO_MS),
      },
    });
    const r = res.body.data;
    expect(
      await t.db.query(
        `SELECT id, type, category, amount, description, reference_id, occurred_on::text AS d FROM finance_transactions WHERE business_id = $1`,
        [biz.business_id],
      ),
    ).toEqual([
      {
        id: r.finance_transaction_id,
        type: 'expense',
        category: 'payroll',
        amount: '5999.31',
        description: 'Payroll 2026-11-01 to 2026-11-30',
        reference_id: r.id,
        d: await today(biz),
      },
    ]);
    expect(await t.db.query(`SELECT type, data FROM outbox_events WHERE business_id = $1 ORDER BY seq`, [biz.business_id])).toEqual([
      { type: 'payroll.processed', data: { run_id: r.id, period_start: '2026-11-01', period_end: '2026-11-30', total: 5999.31, employee_count: 3 } },
    ]);
    expect((await t.http().get(`/api/v1/payroll/runs/${r.id}`).set(biz.auth).expect(200)).body).toEqual(res.body);
    // a one-day period is fine
    await create(biz, { period_start: '2026-12-01', period_end: '2026-12-01', items: [{ employee_name: 'Temp', amount: 80 }] }).expect(201);
  });

  it('400 for an inverted period, no items, bad amounts or names, writing nothing', async () => {
    const biz = await createBusiness(t);
    const before = await state(biz);
    const invalid: [object, string][] = [
      [{ ...run, period_end: '2026-10-31' }, 'period_end'],
      [{ ...run, items: [] }, 'items'],
      [{ period_start: run.period_start, period_end: run.period_end }, 'items'],
      [{ ...run, period_start: '2026-11-31' }, 'period_start'],
      [{ ...run, items: [{ employee_name: 'X', amount: 0 }] }, 'items[0].amount'],
      [{ ...run, items: [{ employee_name: 'X', amount: -1 }] }, 'items[0].amount'],
      [{ ...run, items: [{ employee_name: 'X', amount: 10.001 }] }, 'items[0].amount'],
      [{ ...run, items: [{ employee_name: '  ', amount: 10 }] }, 'items[0].employee_name'],
      [{ ...run, items: [{ amount: 10 }] }, 'items[0].employee_name'],
      [{ ...run, items: [{ employee_name: 'X', amount: 10, bonus: 1 }] }, 'items[0].bonus'],
    ];
    for (const [body, field] of invalid) {
      const res = await create(biz, body).expect(400);
      expect(res.body.error.code).toBe('VALIDATION_FAILED');
      expect(res.body.error.details.map((d: { field: string }) => d.field)).toContain(field);
    }
    expect(await state(biz)).toEqual(before);
  });

  it('lists runs newest first with their items, paged; another business sees none and gets 404', async () => {
    const biz = await createBusiness(t);
    const other = await createBusiness(t, 'Other Shop');
    const ids: string[] = [];
    for (const month of ['01', '02', '03']) {
      const body = { period_start: `2026-${month}-01`, period_end: `2026-${month}-28`, items: [{ employee_name: `E${month}`, amount: Number(month) * 100 }] };
      ids.push((await create(biz, body).expect(201)).body.data.id);
    }
    const res = await t.http().get('/api/v1/payroll/runs').query({ per_page: 2 }).set(biz.auth).expect(200);
    expect(res.body.meta).toEqual({ page: 1, per_page: 2, total: 3, total_pages: 2 });
    expect(res.body.data.map((r: { id: string }) => r.id)).toEqual([ids[2], ids[1]]);
    expect(res.body.data[0]).toMatchObject({ period_start: '2026-03-01', total: 300, employee_count: 1, items: [{ employee_name: 'E03', amount: 300 }] });
    const mine = await t.http().get('/api/v1/payroll/runs').set(other.auth).expect(200);
    expect(mine.body).toEqual({ success: true, data: [], meta: { page: 1, per_page: 20, total: 0, total_pages: 0 } });
    await t.http().get(`/api/v1/payroll/runs/${ids[0]}`).set(other.auth).expect(404);
    await t.http().get(`/api/v1/payroll/runs/${randomUUID()}`).set(biz.auth).expect(404);
  });

  it('honours Idempotency-Key: one run, one expense, one event', async () => {
    const biz = await createBusiness(t);
    const first = await create(biz, run, 'payroll-nov').expect(201);
    const replay = await create(biz, run, 'payroll-nov').expect(201);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.text).toBe(first.text);
    expect(await state(biz)).toEqual({ runs: 1, items: 3, finance: 1, events: 1 });
  });
});
