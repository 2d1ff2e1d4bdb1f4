import { Client } from 'pg';
import { AnalyticsPlanner } from '../src/modules/analytics/analytics-plan';
import { AnalyticsWarmer, REMEMBERED_WINDOW_DAYS } from '../src/modules/analytics/analytics-warmer';
import { analyticsWindow, dayCount } from '../src/modules/analytics/analytics-window';
import { WARMER_LOCK_KEYS } from '../src/modules/analytics/persistence/analytics-warmer.sql';
import { seedHistory } from './helpers/analytics-fixtures';
import { pollUntil } from './helpers/receiver';
import { apiAs, createBusiness, startTestApp, TestApp, TestBusiness } from './helpers/test-app';
import { earlier } from './helpers/earlier-time';

/** The closed days of a year's window at `now` (UTC): 364, or 363 in the grace hour after midnight. */
function closedDaysOfAYear(now: Date): number {
  const w = analyticsWindow(now, 'UTC', 365);
  return dayCount(w.firstDay, w.rollupTo);
}

/** Every analytics table of a business: row counts and a hash, to tell whether a request built anything. */
async function analyticsState(t: TestApp, businessId: string): Promise<Record<string, string>> {
  const tables = [
    'analytics_daily_sales',
    'analytics_daily_products',
    'analytics_hourly_sales',
    'analytics_hourly_products',
    'analytics_product_totals',
    'analytics_product_totals_state',
    'analytics_customer_snapshots',
    'analytics_window_products',
    'analytics_window_product_state',
  ];
  const state: Record<string, string> = {};
  for (const table of tables) {
    const [row] = await t.db.query(
      `SELECT count(*) || ':' || coalesce(md5(string_agg(x::text, ',' ORDER BY x::text)), '') AS s FROM ${table} x WHERE business_id = $1`,
      [businessId],
    );
    state[table] = row.s;
  }
  return state;
}

describe('analytics warm-up in the background (issue 15)', () => {
  let t: TestApp;
  let warmer: AnalyticsWarmer;
  const now = new Date();

  beforeAll(async () => {
    t = await startTestApp();
    warmer = t.app.get(AnalyticsWarmer);
    // one "now" for the warm-up and the requests, so no hour closes in between
    t.app.get(AnalyticsPlanner).clock = () => now;
  });
  afterAll(() => t.close());

  async function shopWithHistory(name: string): Promise<{ biz: TestBusiness; orders: any[] }> {
    const biz = await createBusiness(t, name);
    const api = apiAs(t, biz);
    const product = (await api.post('/products', { name: 'Beans', price: 9.5, cost_price: 4 }).expect(201)).body.data;
    await api.post('/stock/adjustments', { product_id: product.id, quantity: 50, reason: 'restock' }).expect(201);
    const orders = [];
    for (const daysAgo of [200, 40, 3]) {
      const order = (await api.post('/orders', { customer: { email: `c${daysAgo}@warm.test` }, items: [{ product_id: product.id, quantity: 2 }] }).expect(201))
        .body.data;
      await t.db.query(`UPDATE sales SET created_at = ${earlier('created_at', 'make_interval(days => $2)')} WHERE id = $1`, [order.order_id, daysAgo]);
      orders.push(order);
    }
    return { biz, orders };
  }

  const reads = ['/analytics/dashboard', '/analytics/revenue', '/analytics/top-products', '/analytics/customers', '/reports/margin'].flatMap((path) =>
    [1, 7, 30, 90, 365].map((days) => `${path}?days=${days}`),
  );

  it('builds the closed days, the product totals and the customer snapshots before any request: the reports then build nothing', async () => {
    const { biz } = await shopWithHistory('Warm Shop');
    const empty = await analyticsState(t, biz.business_id);
    expect(empty.analytics_daily_sales).toBe('0:');
    expect(await warmer.warmAll()).toBe('done');
    const warmed = await analyticsState(t, biz.business_id);
    const [days] = await t.db.query(`SELECT count(*)::int AS n, sum(orders)::int AS orders FROM analytics_daily_sales WHERE business_id = $1`, [
      biz.business_id,
    ]);
    expect(days.n).toBeGreaterThanOrEqual(closedDaysOfAYear(now)); // a year of closed days
    expect(days.orders).toBe(3);
    const [totals] = await t.db.query(`SELECT through FROM analytics_product_totals_state WHERE business_id = $1`, [biz.business_id]);
    expect(totals).toBeDefined();
    expect(warmed.analytics_customer_snapshots.startsWith('5:')).toBe(true); // one per warmed window
    // the product rows of each warmed window with closed days: the beans sold 3 and 40 days back
    expect(warmed.analytics_window_product_state.startsWith('4:')).toBe(true);
    const api = apiAs(t, biz);
    for (const path of reads) await api.get(path).expect(200);
    expect(await analyticsState(t, biz.business_id)).toEqual(warmed);
    // a second pass finds everything built and changes nothing
    expect(await warmer.warmAll()).toBe('done');
    expect(await analyticsState(t, biz.business_id)).toEqual(warmed);
  });

  it('rebuilds what a correction of a closed day invalidated, on its next pass', async () => {
    const { biz, orders } = await shopWithHistory('Corrected Shop');
    await warmer.warmAll();
    await apiAs(t, biz).post(`/orders/${orders[1].order_id}/cancel`, {}).expect(200);
    const [gone] = await t.db.query(`SELECT count(*)::int AS n FROM analytics_daily_sales WHERE business_id = $1`, [biz.business_id]);
    expect(gone.n).toBeGreaterThanOrEqual(closedDaysOfAYear(now) - 1); // the cancelled sale's day was forgotten
    await warmer.warmAll();
    const [days] = await t.db.query(`SELECT count(*)::int AS n, sum(orders)::int AS orders FROM analytics_daily_sales WHERE business_id = $1`, [
      biz.business_id,
    ]);
    expect(days.orders).toBe(2);
    const before = await analyticsState(t, biz.business_id);
    for (const path of reads) await apiAs(t, biz).get(path).expect(200);
    expect(await analyticsState(t, biz.business_id)).toEqual(before);
  });

  it('skips its turn while another process holds the warm-up lock, and writes nothing then', async () => {
    const { biz } = await shopWithHistory('Locked Shop');
    const other = new Client({ connectionString: t.databaseUrl });
    await other.connect();
    try {
      await other.query(`SELECT pg_advisory_lock($1, $2)`, [...WARMER_LOCK_KEYS]);
      expect(await warmer.warmAll()).toBe('busy');
      expect((await analyticsState(t, biz.business_id)).analytics_daily_sales).toBe('0:');
      await other.query(`SELECT pg_advisory_unlock($1, $2)`, [...WARMER_LOCK_KEYS]);
      expect(await warmer.warmAll()).toBe('done');
    } finally {
      await other.end();
    }
  });

  it('warms a window a request had to build from then on, and forgets it when no request has needed it for a while', async () => {
    const { biz } = await shopWithHistory('Window Shop');
    const planner = t.app.get(AnalyticsPlanner);
    const clock = planner.clock;
    const remembered = () => t.db.query(`SELECT days FROM analytics_warm_windows WHERE business_id = $1`, [biz.business_id]);
    const api = apiAs(t, biz);
    await warmer.warmAll();
    expect(await remembered()).toEqual([]); // the warmer's own windows are not recorded
    const warmed = await analyticsState(t, biz.business_id);
    const first = (await api.get('/analytics/customers?days=60').expect(200)).body.data;
    expect(first).toMatchObject({ period_days: 60, active_customers: 2 });
    expect((await analyticsState(t, biz.business_id)).analytics_customer_snapshots).not.toBe(warmed.analytics_customer_snapshots);
    expect(await remembered()).toEqual([{ days: 60 }]);
    try {
      // the next day, the warm-up builds the 60-day window too: the request builds nothing
      const tomorrow = new Date(clock().getTime() + 86_400_000);
      planner.clock = () => tomorrow;
      await warmer.warmAll();
      const before = await analyticsState(t, biz.business_id);
      expect((await api.get('/analytics/customers?days=60').expect(200)).body.data).toEqual(first);
      await api.get('/reports/margin?days=60').expect(200);
      expect(await analyticsState(t, biz.business_id)).toEqual(before);
      // no request has had to build it for REMEMBERED_WINDOW_DAYS: forgotten
      const later = new Date(tomorrow.getTime() + (REMEMBERED_WINDOW_DAYS + 1) * 86_400_000);
      planner.clock = () => later;
      await warmer.warmAll();
      expect(await remembered()).toEqual([]);
    } finally {
      planner.clock = clock;
    }
  });
});

describe('analytics warm-up on its interval', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp({ analyticsWarmIntervalMs: 200 });
  });
  afterAll(() => t.close());

  it('rolls up a business with sales without any request', async () => {
    const biz = await createBusiness(t, 'Interval Shop');
    await seedHistory(t.db, biz.business_id, biz.warehouse_id);
    // the warm-up runs on the real clock: a year's closed days as of now (more if an hour closes meanwhile)
    const closedDays = closedDaysOfAYear(new Date());
    const built = await pollUntil(
      async () =>
        (
          await t.db.query(
            `SELECT (SELECT count(*)::int FROM analytics_daily_sales WHERE business_id = $1) AS days,
                    (SELECT count(*)::int FROM analytics_product_totals_state WHERE business_id = $1) AS totals,
                    (SELECT count(*)::int FROM analytics_customer_snapshots WHERE business_id = $1) AS snapshots`,
            [biz.business_id],
          )
        )[0],
      (row) => row.days >= closedDays && row.totals === 1 && row.snapshots === 5,
      20_000,
    );
    expect(built).toMatchObject({ totals: 1, snapshots: 5 });
    expect(built.days).toBeGreaterThanOrEqual(closedDays);
  });
});
