import { AnalyticsPlanner } from '../src/modules/analytics/analytics-plan';
import { AnalyticsRollupService } from '../src/modules/analytics/analytics-rollup.service';
import { UnitOfWork } from '../src/database/unit-of-work';
import { daysBefore, expected, SALES, SaleSeed, Seeded, seedHistory } from './helpers/analytics-fixtures';
import { createBusiness, startTestApp, TestApp, TestBusiness } from './helpers/test-app';

// A zone far from UTC, so a local day is not a UTC day: the sales seeded just after and just
// before local midnight land on other UTC dates than local ones.
const TZ = 'America/New_York';

describe('analytics', () => {
  let t: TestApp;
  let biz: TestBusiness;
  let seed: Seeded;

  beforeAll(async () => {
    t = await startTestApp();
    biz = await createBusiness(t, 'Analytics Shop', { timezone: TZ });
    seed = await seedHistory(t.db, biz.business_id, biz.warehouse_id);
    // Another business with a big sale today on its own product and customer: it must never show.
    const other = await createBusiness(t, 'Other Shop', { timezone: TZ });
    await seedHistory(t.db, other.business_id, other.warehouse_id, [
      { daysAgo: 0, time: 'now', customer: 'ann', status: 'completed', lines: [{ product: 'grinder', quantity: '50', unitPrice: '1000.00' }] },
    ]);
  });
  afterAll(() => t.close());

  const get = (b: TestBusiness, path: string) => t.http().get(`/api/v1/analytics/${path}`).set(b.auth);

  describe.each([1, 7, 30, 365])('days=%i', (days) => {
    it('dashboard equals the figures computed from the seed (wrapped)', async () => {
      const res = await get(biz, `dashboard?days=${days}`).expect(200);
      expect(res.body).toEqual({ success: true, data: expected(seed, days).dashboard });
    });

    it('revenue has exactly `days` zero-filled points, oldest first, in the business time zone (bare)', async () => {
      const res = await get(biz, `revenue?days=${days}`).expect(200);
      expect(res.body).toHaveLength(days);
      expect(res.body).toEqual(expected(seed, days).series);
      expect(res.body[days - 1].date).toBe(seed.today);
    });

    it('top-products by revenue and by quantity (bare)', async () => {
      const e = expected(seed, days);
      expect((await get(biz, `top-products?days=${days}`).expect(200)).body).toEqual(e.byRevenue.slice(0, 10));
      expect((await get(biz, `top-products?days=${days}&sort=quantity`).expect(200)).body).toEqual(e.byQuantity.slice(0, 10));
    });

    it('customers: active, returning, repeat rate, lifetime value and top customers (wrapped)', async () => {
      const res = await get(biz, `customers?days=${days}`).expect(200);
      expect(res.body).toEqual({ success: true, data: expected(seed, days).customers });
    });
  });

  it('spells out the 30-day figures (a check on the fixture arithmetic itself)', async () => {
    const d = (await get(biz, 'dashboard').expect(200)).body.data;
    // 26.78 + 6.38 + 9.30 + 85.00 + 18.60 + 3.00 + 25.00 + 37.20 + 79.99 + 29.40 + 31.00
    expect(d).toEqual({
      period_days: 30,
      revenue: { total: 351.65, orders: 11, avg_order_value: 31.97 },
      customers: { total: 6, new_in_period: 3 },
      products: { total: 4 },
    });
    const top = (await get(biz, 'top-products?limit=2').expect(200)).body;
    expect(top).toEqual([
      { product_id: seed.products.grinder, name: 'Grinder', sku: 'AN-GRI', total_sold: 2, total_revenue: 159.99 },
      { product_id: seed.products.coffee, name: 'Coffee beans', sku: 'AN-COF', total_sold: 7, total_revenue: 86.8 },
    ]);
    const c = (await get(biz, 'customers').expect(200)).body.data;
    expect(c).toMatchObject({ active_customers: 6, returning_customers: 3, repeat_rate: 0.5 });
  });

  it('defaults to 30 days and limit 10; limit cuts the list', async () => {
    expect((await get(biz, 'revenue').expect(200)).body).toHaveLength(30);
    const all = expected(seed, 30).byRevenue;
    expect((await get(biz, 'top-products').expect(200)).body).toEqual(all.slice(0, 10));
    expect((await get(biz, 'top-products?limit=1').expect(200)).body).toEqual(all.slice(0, 1));
    expect((await get(biz, 'top-products?limit=50&sort=quantity').expect(200)).body).toEqual(expected(seed, 30).byQuantity);
  });

  it.each([
    ['dashboard?days=0', 'days'],
    ['dashboard?days=366', 'days'],
    ['revenue?days=abc', 'days'],
    ['customers?days=-1', 'days'],
    ['revenue?days=1.5', 'days'],
    ['top-products?days=366', 'days'],
    ['top-products?limit=51', 'limit'],
    ['top-products?limit=0', 'limit'],
    ['top-products?sort=name', 'sort'],
    ['dashboard?from=2026-01-01', 'from'],
  ])('400 VALIDATION_FAILED for %s', async (path, field) => {
    const res = await get(biz, path).expect(400);
    expect(res.body.success).toBe(false);
    expect(res.body.error.code).toBe('VALIDATION_FAILED');
    expect(res.body.error.details).toEqual(expect.arrayContaining([expect.objectContaining({ field })]));
  });

  it('documents the four endpoints and their parameters in the OpenAPI document', async () => {
    const doc = (await t.http().get('/docs-json').expect(200)).body;
    for (const path of ['dashboard', 'revenue', 'top-products', 'customers']) {
      const op = doc.paths[`/api/v1/analytics/${path}`]?.get;
      expect(op?.tags).toEqual(['analytics']);
      expect(op.parameters.map((p: { name: string }) => p.name)).toContain('days');
    }
    const top = doc.paths['/api/v1/analytics/top-products'].get.parameters.map((p: { name: string }) => p.name);
    expect(top).toEqual(expect.arrayContaining(['days', 'limit', 'sort']));
  });

  it('401 without a key', async () => {
    await t.http().get('/api/v1/analytics/dashboard').expect(401);
  });

  it('another business sees only its own data, and an empty business sees zeros', async () => {
    const empty = await createBusiness(t, 'Empty Shop');
    expect((await get(empty, 'dashboard?days=7').expect(200)).body.data).toEqual({
      period_days: 7,
      revenue: { total: 0, orders: 0, avg_order_value: 0 },
      customers: { total: 0, new_in_period: 0 },
      products: { total: 0 },
    });
    const series = (await get(empty, 'revenue?days=7').expect(200)).body;
    expect(series.map((p: { revenue: number; orders: number }) => [p.revenue, p.orders])).toEqual(Array(7).fill([0, 0]));
    expect((await get(empty, 'top-products').expect(200)).body).toEqual([]);
    expect((await get(empty, 'customers').expect(200)).body.data).toEqual({
      period_days: 30,
      total_customers: 0,
      new_customers: 0,
      active_customers: 0,
      returning_customers: 0,
      repeat_rate: 0,
      avg_lifetime_value: 0,
      top_customers: [],
    });
  });

  it('an order created through POST /orders shows in every report at once, over a warm rollup', async () => {
    const own = await createBusiness(t, 'Order Shop', { timezone: TZ });
    const s = await seedHistory(t.db, own.business_id, own.warehouse_id);
    await t.db.query(`INSERT INTO stock_levels (business_id, warehouse_id, product_id, quantity) VALUES ($1, $2, $3, 10)`, [
      own.business_id,
      own.warehouse_id,
      s.products.filter,
    ]);
    const e = expected(s, 30);
    expect((await get(own, 'dashboard').expect(200)).body.data).toEqual(e.dashboard);

    const order = await t
      .http()
      .post('/api/v1/orders')
      .set(own.auth)
      .send({ items: [{ product_id: s.products.filter, quantity: 5 }], customer: { name: 'Gus', email: 'gus@example.test' }, tax_amount: 1.25 })
      .expect(201);
    expect(order.body.data.total).toBe(16.75);

    const dashboard = (await get(own, 'dashboard').expect(200)).body.data;
    expect(dashboard.revenue).toEqual({ total: 368.4, orders: 12, avg_order_value: 30.7 });
    expect(dashboard.customers).toEqual({ total: 7, new_in_period: 4 });
    const revenue = (await get(own, 'revenue').expect(200)).body;
    expect(e.series[29]).toEqual({ date: s.today, revenue: 42.46, orders: 3 });
    expect(revenue[29]).toEqual({ date: s.today, revenue: 59.21, orders: 4 });
    const top = (await get(own, 'top-products?sort=quantity&limit=1').expect(200)).body;
    expect(top).toEqual([{ product_id: s.products.filter, name: 'Paper filters', sku: 'AN-FIL', total_sold: 20, total_revenue: 62 }]);
    const customers = (await get(own, 'customers').expect(200)).body.data;
    expect(customers).toMatchObject({ total_customers: 7, new_customers: 4, active_customers: 7, returning_customers: 3 });
  });

  async function everything(b: TestBusiness, days: number) {
    return Promise.all(
      ['dashboard', 'revenue', 'top-products', 'top-products?sort=quantity', 'customers'].map(async (p) => {
        const res = await get(b, `${p}${p.includes('?') ? '&' : '?'}days=${days}`).expect(200);
        return res.body;
      }),
    );
  }

  /** Every report of `b` over `days` is what the seed arrays give; returns the dashboard body. */
  async function expectReports(b: TestBusiness, s: Seeded, days: number, sales?: SaleSeed[], laterDays?: number) {
    const e = expected(s, days, sales, laterDays);
    const [dashboard, revenue, top, topQ, customers] = await everything(b, days);
    expect(dashboard).toEqual({ success: true, data: e.dashboard });
    expect(revenue).toEqual(e.series);
    expect(top).toEqual(e.byRevenue.slice(0, 10));
    expect(topQ).toEqual(e.byQuantity.slice(0, 10));
    expect(customers).toEqual({ success: true, data: e.customers });
    return dashboard;
  }

  describe('rollups', () => {
    async function rolledDays(b: TestBusiness): Promise<string[]> {
      const rows = await t.db.query(`SELECT day::text AS day FROM analytics_daily_sales WHERE business_id = $1 ORDER BY day`, [b.business_id]);
      return rows.map((r: { day: string }) => r.day);
    }

    it('rolls up closed days only, on first query, and answers the same from the rollup', async () => {
      const own = await createBusiness(t, 'Rollup Shop', { timezone: TZ });
      const s = await seedHistory(t.db, own.business_id, own.warehouse_id);
      expect(await rolledDays(own)).toEqual([]);
      const first = await everything(own, 30);
      const rolled = await rolledDays(own);
      // Today is never rolled up; yesterday only once the grace hour after midnight has passed.
      expect(rolled).not.toContain(s.today);
      expect(rolled).toEqual(expect.arrayContaining([daysBefore(s.today, 29), daysBefore(s.today, 2)]));
      expect(rolled.length === 28 || rolled.length === 29).toBe(true);
      const [{ n }] = await t.db.query(`SELECT count(*)::int AS n FROM analytics_customer_snapshots WHERE business_id = $1`, [own.business_id]);
      expect(n).toBe(1);
      const second = await everything(own, 30);
      expect(second).toEqual(first);
      expect(second[0]).toEqual({ success: true, data: expected(s, 30).dashboard });
      // A longer window fills only the days it lacks and agrees with the seed too.
      const long = await everything(own, 365);
      expect(long[4]).toEqual({ success: true, data: expected(s, 365).customers });
      expect((await rolledDays(own)).length).toBeGreaterThanOrEqual(363);
    });

    it('concurrent first queries fill each day once and all answer the same', async () => {
      const own = await createBusiness(t, 'Race Shop', { timezone: TZ });
      const s = await seedHistory(t.db, own.business_id, own.warehouse_id);
      const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => get(own, `${i % 2 ? 'customers' : 'dashboard'}?days=60`).expect(200)));
      const e = expected(s, 60);
      answers.forEach((res, i) => expect(res.body.data).toEqual(i % 2 ? e.customers : e.dashboard));
      const [{ days, distinct }] = await t.db.query(
        `SELECT count(*)::int AS days, count(DISTINCT day)::int AS distinct FROM analytics_daily_sales WHERE business_id = $1`,
        [own.business_id],
      );
      expect(days).toBe(distinct);
      expect(days === 58 || days === 59).toBe(true);
    });

    it('a cancelled sale of a closed day counts again only after invalidate, then exactly as if reversed', async () => {
      const own = await createBusiness(t, 'Cancel Shop', { timezone: TZ });
      const s = await seedHistory(t.db, own.business_id, own.warehouse_id);
      const before = await everything(own, 30);

      // Cyd's sale 3 days ago (a closed day) is cancelled behind the rollup's back.
      const index = SALES.findIndex((x) => x.daysAgo === 3);
      await t.db.query(`UPDATE sales SET status = 'cancelled' WHERE id = $1`, [s.sales[index].id]);
      expect(await everything(own, 30)).toEqual(before);

      const rollups = t.app.get(AnalyticsRollupService);
      await t.app.get(UnitOfWork).run((tx) => rollups.invalidate(tx, own.business_id, s.sales[index].createdAt));
      const after: SaleSeed[] = SALES.map((x, i) => (i === index ? { ...x, status: 'cancelled' } : x));
      const dashboard = await expectReports(own, s, 30, after);
      expect(dashboard.data.revenue.total).toBe(348.65);
    });

    it('closes hour buckets of today and then the day itself as the clock moves, with the same answers', async () => {
      const own = await createBusiness(t, 'Clock Shop', { timezone: TZ });
      const todays = ['09:00:00', '14:10:00', '15:10:00'];
      const sales: SaleSeed[] = SALES.map((x) => (x.time === 'now' ? { ...x, time: todays.shift()! } : x));
      const s = await seedHistory(t.db, own.business_id, own.warehouse_id, sales);
      const planner = t.app.get(AnalyticsPlanner);
      const localInstant = async (daysLater: number, time: string): Promise<Date> => {
        const [{ at }] = await t.db.query(`SELECT (($1::date + $2::int + $3::time)::timestamp AT TIME ZONE $4) AS at`, [s.today, daysLater, time, TZ]);
        return at;
      };
      const hours = async (day: string) =>
        t.db.query(`SELECT hour, orders FROM analytics_hourly_sales WHERE business_id = $1 AND day = $2 ORDER BY hour`, [own.business_id, day]);
      const check = async (list: SaleSeed[], laterDays: number) => {
        for (const days of [1, 7, 30]) await expectReports(own, s, days, list, laterDays);
      };
      try {
        // 15:30 local: with the grace hour, buckets 0..13 are closed, 14:00 onwards is live.
        const at1530 = await localInstant(0, '15:30');
        planner.clock = () => at1530;
        await check(sales, 0);
        const closed = await hours(s.today);
        expect(closed).toHaveLength(14);
        expect(closed.filter((h: { orders: number }) => h.orders > 0)).toEqual([{ hour: 9, orders: 1 }]);
        const [snapshot] = await t.db.query(`SELECT through FROM analytics_customer_snapshots WHERE business_id = $1 AND first_day = $2`, [
          own.business_id,
          daysBefore(s.today, 29),
        ]);
        expect(snapshot.through).toEqual(await localInstant(0, '14:00'));

        // The 09:00 sale (a closed hour) is cancelled: stale until invalidated, then exact.
        const nine = sales.findIndex((x) => x.daysAgo === 0 && x.time === '09:00:00');
        await t.db.query(`UPDATE sales SET status = 'cancelled' WHERE id = $1`, [s.sales[nine].id]);
        const cancelled: SaleSeed[] = sales.map((x, i) => (i === nine ? { ...x, status: 'cancelled' } : x));
        expect((await everything(own, 7))[0]).toEqual({ success: true, data: expected(s, 7, sales).dashboard });
        await t.app.get(UnitOfWork).run((tx) => t.app.get(AnalyticsRollupService).invalidate(tx, own.business_id, s.sales[nine].createdAt));
        await check(cancelled, 0);

        // 16:30: the 14:00 bucket with the 14:10 sale closes too.
        const at1630 = await localInstant(0, '16:30');
        planner.clock = () => at1630;
        await check(cancelled, 0);
        expect((await hours(s.today)).filter((h: { orders: number }) => h.orders > 0)).toEqual([{ hour: 14, orders: 1 }]);

        // 00:30 the next day: that day is still open (grace hour), its hours up to 23:00 are closed.
        const next0030 = await localInstant(1, '00:30');
        planner.clock = () => next0030;
        await check(cancelled, 1);
        expect(await hours(s.today)).toHaveLength(23);

        // 01:30: the day is closed and rolled up as a day; its hour buckets are dropped.
        const next0130 = await localInstant(1, '01:30');
        planner.clock = () => next0130;
        await check(cancelled, 1);
        expect(await hours(s.today)).toEqual([]);
        const [day] = await t.db.query(`SELECT orders, revenue FROM analytics_daily_sales WHERE business_id = $1 AND day = $2`, [own.business_id, s.today]);
        expect(day).toEqual({ orders: 2, revenue: '15.68' });
      } finally {
        planner.clock = () => new Date();
      }
    });

    it('POST /orders/:id/cancel of sales on a closed day and on today shows at once over warm rollups', async () => {
      const own = await createBusiness(t, 'Cancel API Shop', { timezone: TZ });
      const s = await seedHistory(t.db, own.business_id, own.warehouse_id);
      await everything(own, 30);
      const closedDay = SALES.findIndex((x) => x.daysAgo === 2);
      const today = SALES.findIndex((x) => x.daysAgo === 0 && x.customer === 'eve');
      for (const index of [closedDay, today]) {
        await t.http().post(`/api/v1/orders/${s.sales[index].id}/cancel`).set(own.auth).send({ restock: false }).expect(200);
      }
      const after: SaleSeed[] = SALES.map((x, i) => (i === closedDay || i === today ? { ...x, status: 'cancelled' } : x));
      for (const days of [1, 30]) await expectReports(own, s, days, after);
      expect(expected(s, 30, after).dashboard.revenue.total).toBe(323.75);
    });

    it('invalidate of an open day (today) changes nothing and the live part follows at once', async () => {
      const own = await createBusiness(t, 'Live Shop', { timezone: TZ });
      const s = await seedHistory(t.db, own.business_id, own.warehouse_id);
      await everything(own, 7);
      await t.db.query(`UPDATE sales SET status = 'cancelled' WHERE id = $1`, [s.sales[0].id]);
      const after: SaleSeed[] = SALES.map((x, i) => (i === 0 ? { ...x, status: 'cancelled' } : x));
      const e = expected(s, 7, after);
      const [dashboard, , , , customers] = await everything(own, 7);
      expect(dashboard).toEqual({ success: true, data: e.dashboard });
      expect(customers).toEqual({ success: true, data: e.customers });
    });
  });
});
