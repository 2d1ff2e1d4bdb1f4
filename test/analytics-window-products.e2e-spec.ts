import { AnalyticsWarmer } from '../src/modules/analytics/analytics-warmer';
import { AnalyticsWindowProducts } from '../src/modules/analytics/analytics-window-products';
import { verifyLedgers } from '../src/modules/verify/verify-ledgers';
import { apiAs, createBusiness, startTestApp, TestApp, TestBusiness } from './helpers/test-app';
import { earlier } from './helpers/earlier-time';

const TZ = 'Europe/Berlin';
const MARGIN_SORTS = ['revenue', 'margin', 'margin_percent', 'quantity'] as const;

interface Figures {
  product_id: string;
  name: string;
  quantity: number;
  revenue: number;
  cogs: number;
  margin: number;
  margin_percent: number | null;
}

/**
 * Top products and margin read from the window product rows (analytics_window_products, issue 45)
 * equal the recomputation from the sale lines, for every sort and window, with sales on DST days,
 * returns and cancellations of closed days, ties, and today's sales merged in.
 */
describe('window product rows: top-products and margin exact against the sales (docs/api.md 8, 13)', () => {
  let t: TestApp;
  let biz: TestBusiness;
  const orders: { id: string; items: { id: string }[] }[] = [];
  let plums: (typeof orders)[number];

  beforeAll(async () => {
    t = await startTestApp();
    biz = await createBusiness(t, 'Window Rows Shop', { timezone: TZ });
    const api = apiAs(t, biz);
    const ids: string[] = [];
    for (const [name, price, cost] of [
      ['Apples', 3.5, 1.25],
      ['Bread', 2.2, 0.8],
      ['Cheese', 7.9, 8.4],
      ['Dates', 0, 0.5],
      ['Eggs', 4.45, 1.05],
      ['Tie A', 5, 2],
      ['Tie B', 5, 2],
      ['Figs', 12.15, 3.33],
      ['Plums', 6.1, 2.05],
    ] as const) {
      const p = (await api.post('/products', { name, price, cost_price: cost }).expect(201)).body.data;
      await api.post('/stock/adjustments', { product_id: p.id, quantity: 10_000, reason: 'restock' }).expect(201);
      ids.push(p.id);
    }
    /** An order at local time `time` of the day `daysAgo` days before today (Europe/Berlin). */
    const sale = async (daysAgo: number, time: string, lines: [number, number][]) => {
      const order = (await api.post('/orders', { items: lines.map(([i, quantity]) => ({ product_id: ids[i], quantity })) }).expect(201)).body.data;
      if (daysAgo > 0)
        await t.db.query(`UPDATE sales SET created_at = (((now() AT TIME ZONE $3)::date - $2::int) + $4::time) AT TIME ZONE $3 WHERE id = $1`, [
          order.order_id,
          daysAgo,
          TZ,
          time,
        ]);
      orders.push({ id: order.order_id, items: order.items });
    };
    /** Days before today of a local date. */
    const ago = async (date: string) => (await t.db.query(`SELECT ((now() AT TIME ZONE $2)::date - $1::date) AS n`, [date, TZ]))[0].n as number;
    // Tie A and Tie B are always sold together, alike: tied in every window
    const tied = (lines: [number, number][]): [number, number][] => {
      const rest = lines.filter(([i]) => i !== 6);
      const a = rest.find(([i]) => i === 5);
      return a ? [...rest, [6, a[1]]] : rest;
    };
    for (let d = 1; d <= 400; d += 3)
      await sale(
        d,
        d % 2 ? '23:40' : '00:20',
        tied([
          [d % 8, 1 + (d % 4)],
          [(d * 3) % 8, 2],
        ]),
      );
    for (const date of ['2026-03-29', '2026-10-25']) {
      const n = await ago(date);
      await sale(n, '02:30', [[7, 3]]);
      await sale(n, '23:30', [
        [5, 2],
        [6, 2],
      ]);
    }
    await sale(0, 'now', [
      [0, 4],
      [2, 1],
    ]);
    await sale(0, 'now', [[7, 1]]);
    // Plums: sold once, 50 days back (in the 90 and 365 day windows only)
    await sale(50, '12:00', [[8, 3]]);
    plums = orders[orders.length - 1];
  });
  afterAll(() => t.close());

  /** Each product's figures over the last `days` local days, from the sale lines. */
  const truth = async (days: number): Promise<Figures[]> => {
    const rows = await t.db.query(
      `SELECT i.product_id, p.name, sum(i.quantity - i.returned_quantity)::text AS quantity, sum(i.total - i.returned_amount)::text AS revenue,
              sum(round((i.quantity - i.returned_quantity) * i.unit_cost, 2))::text AS cogs
         FROM sales s JOIN sale_items i ON i.business_id = s.business_id AND i.sale_id = s.id JOIN products p ON p.business_id = i.business_id AND p.id = i.product_id
        WHERE s.business_id = $1 AND (s.status = 'completed' OR (s.status IN ('partially_returned', 'returned') AND s.refunded_amount < s.total))
          AND i.quantity > i.returned_quantity AND (s.created_at AT TIME ZONE $3)::date > (now() AT TIME ZONE $3)::date - $2::int
        GROUP BY i.product_id, p.name`,
      [biz.business_id, days, TZ],
    );
    return rows.map((r: Record<string, string>) => {
      const revenueCents = BigInt(Math.round(Number(r.revenue) * 100));
      const marginCents = revenueCents - BigInt(Math.round(Number(r.cogs) * 100));
      let percent: number | null = null;
      if (revenueCents !== 0n) {
        const scaled = marginCents * 10000n;
        const rest = scaled % revenueCents;
        const away = 2n * (rest < 0n ? -rest : rest) >= revenueCents ? (scaled < 0n ? -1n : 1n) : 0n;
        percent = Number(scaled / revenueCents + away) / 100;
      }
      return {
        product_id: r.product_id,
        name: r.name,
        quantity: Number(r.quantity),
        revenue: Number(r.revenue),
        cogs: Number(r.cogs),
        margin: Number(marginCents) / 100,
        margin_percent: percent,
      };
    });
  };
  /** Sorted by the keys, each descending with nulls last, then name and id. */
  const sorted = (rows: Figures[], keys: (keyof Figures)[]) =>
    [...rows].sort((a, b) => {
      for (const k of keys) {
        const [x, y] = [a[k] as number | null, b[k] as number | null];
        if (x === y) continue;
        if (x === null) return 1;
        if (y === null) return -1;
        return y - x;
      }
      return a.name < b.name ? -1 : a.name > b.name ? 1 : a.product_id < b.product_id ? -1 : 1;
    });

  const checkAll = async (windows: number[]) => {
    const api = apiAs(t, biz);
    for (const days of windows) {
      const want = await truth(days);
      for (const [sort, keys] of [
        ['revenue', ['revenue', 'quantity']],
        ['quantity', ['quantity', 'revenue']],
      ] as const)
        for (const limit of [1, 2, 3, 4, 5, 6, 7, 8, 50]) {
          const top = (await api.get(`/analytics/top-products?days=${days}&sort=${sort}&limit=${limit}`).expect(200)).body;
          expect({ days, sort, limit, top }).toEqual({
            days,
            sort,
            limit,
            top: sorted(want, [...keys])
              .slice(0, limit)
              .map((w) => ({ product_id: w.product_id, name: w.name, sku: expect.any(String), total_sold: w.quantity, total_revenue: w.revenue })),
          });
        }
      const revenue = want.reduce((sum, w) => sum + Math.round(w.revenue * 100), 0);
      const cogs = want.reduce((sum, w) => sum + Math.round(w.cogs * 100), 0);
      for (const sort of MARGIN_SORTS) {
        const margin = (await api.get(`/reports/margin?days=${days}&sort=${sort}`).expect(200)).body.data;
        expect({ days, sort, products: margin.products }).toEqual({
          days,
          sort,
          products: sorted(want, [sort === 'margin_percent' ? 'margin_percent' : sort]).slice(0, 50),
        });
        expect({ days, revenue: margin.revenue, cogs: margin.cogs }).toEqual({ days, revenue: revenue / 100, cogs: cogs / 100 });
      }
    }
  };
  const states = async () =>
    (await t.db.query(`SELECT days FROM analytics_window_product_state WHERE business_id = $1 ORDER BY days`, [biz.business_id])).map(
      (r: { days: number }) => r.days,
    );

  it('built by the warm-up for the usual windows, read from them exactly, every sort, today merged in', async () => {
    await t.app.get(AnalyticsWarmer).warmAll();
    expect(await states()).toEqual([7, 30, 90, 365]);
    // Tie B's rows rewritten (new index entries): among equal keys an index read backwards meets them before Tie A's,
    // so a cut between the two must still bring Tie A (first by name)
    for (const change of ['+ 1', '- 1'])
      await t.db.query(
        `UPDATE analytics_window_products SET quantity = quantity ${change}
          WHERE business_id = $1 AND product_id = (SELECT id FROM products WHERE business_id = $1 AND name = 'Tie B')`,
        [biz.business_id],
      );
    await checkAll([7, 30, 90, 365]);
    // the rows are what the reads use: a tampered row shows, and is put back
    const tamper = `UPDATE analytics_window_products SET revenue = revenue + $2 WHERE business_id = $1 AND days = 365
                     AND product_id = (SELECT id FROM products WHERE business_id = $1 AND name = 'Bread')`;
    await t.db.query(tamper, [biz.business_id, 5000]);
    const bread = (await apiAs(t, biz).get('/analytics/top-products?days=365&limit=1').expect(200)).body[0];
    expect(bread).toMatchObject({ name: 'Bread', total_revenue: (await truth(365)).find((w) => w.name === 'Bread')!.revenue + 5000 });
    await t.db.query(tamper, [biz.business_id, -5000]);
  });

  it('another window length reads the daily rollups, is built in the background right after, and kept by the warm-up', async () => {
    expect(await states()).toEqual([7, 30, 90, 365]);
    await checkAll([45]);
    await t.app.get(AnalyticsWindowProducts).settled();
    expect(await states()).toEqual([7, 30, 45, 90, 365]);
    await checkAll([45]);
    await t.app.get(AnalyticsWarmer).warmAll();
    expect(await states()).toEqual([7, 30, 45, 90, 365]);
    await checkAll([45]);
  });

  /** `cli verify`'s checks of the rollups and of the window rows find nothing. */
  const expectNoDrift = async () => expect((await verifyLedgers(t.db, biz.business_id)).drift).toEqual([]);

  it('a return and a cancellation of closed days: the next read rolls their day up again inside the windows, which stay in use, exact', async () => {
    const api = apiAs(t, biz);
    // a tampered row of a product still shows after the return: the windows were corrected, not rebuilt nor bypassed
    const figs = `UPDATE analytics_window_products SET revenue = revenue + $2 WHERE business_id = $1 AND days = 365
                   AND product_id = (SELECT id FROM products WHERE business_id = $1 AND name = 'Figs')`;
    await t.db.query(figs, [biz.business_id, 7000]);
    // orders[9] is 28 days back, orders[40] 121 days back
    await api.post(`/orders/${orders[9].id}/returns`, { items: [{ sale_item_id: orders[9].items[0].id, quantity: 1 }] }).expect(201);
    expect(await states()).toEqual([7, 30, 45, 90, 365]);
    const year = (await api.get('/analytics/top-products?days=365&limit=50').expect(200)).body as { name: string; total_revenue: number }[];
    expect(year.find((p) => p.name === 'Figs')!.total_revenue).toBe((await truth(365)).find((w) => w.name === 'Figs')!.revenue + 7000);
    await t.db.query(figs, [biz.business_id, -7000]);
    await checkAll([30, 365]);
    await api.post(`/orders/${orders[40].id}/cancel`, {}).expect(200);
    await checkAll([7, 90, 365]);
    await expectNoDrift();
    await t.app.get(AnalyticsWarmer).warmAll();
    expect(await states()).toEqual([7, 30, 45, 90, 365]);
    await checkAll([7, 30, 45, 90, 365]);
    await expectNoDrift();
  });

  it('returns of several days read at once: each day replaced once, a product returned in full leaves the windows', async () => {
    const api = apiAs(t, biz);
    const plumRows = async () =>
      (
        await t.db.query(
          `SELECT w.days FROM analytics_window_products w JOIN products p ON p.business_id = w.business_id AND p.id = w.product_id
            WHERE w.business_id = $1 AND p.name = 'Plums' ORDER BY w.days`,
          [biz.business_id],
        )
      ).map((r: { days: number }) => r.days);
    expect(await plumRows()).toEqual([90, 365]);
    await api.post(`/orders/${plums.id}/returns`, { items: [{ sale_item_id: plums.items[0].id, quantity: 3 }] }).expect(201);
    // orders[20], [30] and [60] are 61, 91 and 181 days back
    for (const i of [20, 30, 60])
      await api.post(`/orders/${orders[i].id}/returns`, { items: [{ sale_item_id: orders[i].items[0].id, quantity: 1 }] }).expect(201);
    const reads = [7, 30, 45, 90, 365].flatMap((days) => [
      `/analytics/top-products?days=${days}&sort=quantity`,
      `/reports/margin?days=${days}&sort=margin_percent`,
    ]);
    await Promise.all(reads.map((read) => api.get(read).expect(200)));
    expect(await plumRows()).toEqual([]);
    expect(await states()).toEqual([7, 30, 45, 90, 365]);
    await checkAll([7, 30, 45, 90, 365]);
    await expectNoDrift();
  });

  it('cli verify finds a window row or a window total that is not the sum of its days', async () => {
    await expectNoDrift();
    const figs = `(SELECT id FROM products WHERE business_id = $1 AND name = 'Figs')`;
    await t.db.query(`UPDATE analytics_window_products SET cost = cost + 1 WHERE business_id = $1 AND days = 90 AND product_id = ${figs}`, [biz.business_id]);
    await t.db.query(`UPDATE analytics_window_product_state SET revenue = revenue - 2 WHERE business_id = $1 AND days = 7`, [biz.business_id]);
    const drift = (await verifyLedgers(t.db, biz.business_id)).drift;
    const [{ id }] = await t.db.query(`SELECT ${figs} AS id`, [biz.business_id]);
    expect(drift).toEqual([
      expect.objectContaining({ kind: 'window_totals', days: 7 }),
      expect.objectContaining({ kind: 'window_product', days: 90, product_id: id }),
    ]);
    await t.db.query(`UPDATE analytics_window_products SET cost = cost - 1 WHERE business_id = $1 AND days = 90 AND product_id = ${figs}`, [biz.business_id]);
    await t.db.query(`UPDATE analytics_window_product_state SET revenue = revenue + 2 WHERE business_id = $1 AND days = 7`, [biz.business_id]);
    await expectNoDrift();
  });

  it('a cut inside a tie brings the tied product first by name, placed where neither a scan nor an index read meets it first', async () => {
    const shop = await createBusiness(t, 'Tie Cut Shop', { timezone: TZ });
    const api = apiAs(t, shop);
    const id: Record<string, string> = {};
    for (const name of ['Alpha', 'Tie A', 'Tie B', 'Tie C']) {
      id[name] = (await api.post('/products', { name, price: name === 'Alpha' ? 9 : 4, cost_price: 1 }).expect(201)).body.data.id;
      await api.post('/stock/adjustments', { product_id: id[name], quantity: 100, reason: 'restock' }).expect(201);
    }
    // one order three days ago: Alpha first, the three others tied on revenue and quantity
    const order = (await api.post('/orders', { items: Object.values(id).map((product_id) => ({ product_id, quantity: 2 })) }).expect(201)).body.data;
    await t.db.query(`UPDATE sales SET created_at = ${earlier('created_at', "interval '3 days'")} WHERE id = $1`, [order.order_id]);
    await t.app.get(AnalyticsWarmer).warmAll();
    // the window rows rewritten B, A, C: a table scan (and a stable sort) meets Tie B first among the tied,
    // a read of the keys' index backwards Tie C; the cut after the second row must bring Tie A anyway
    for (const name of ['Tie B', 'Tie A', 'Tie C'])
      for (const change of ['+ 1', '- 1'])
        await t.db.query(`UPDATE analytics_window_products SET quantity = quantity ${change} WHERE business_id = $1 AND product_id = $2`, [
          shop.business_id,
          id[name],
        ]);
    const [{ n }] = await t.db.query(`SELECT count(*)::int AS n FROM analytics_window_products WHERE business_id = $1 AND days = 7`, [shop.business_id]);
    expect(n).toBe(4);
    for (const sort of ['revenue', 'quantity'])
      expect((await api.get(`/analytics/top-products?days=7&sort=${sort}&limit=2`).expect(200)).body).toEqual([
        { product_id: id['Alpha'], name: 'Alpha', sku: expect.any(String), total_sold: 2, total_revenue: 18 },
        { product_id: id['Tie A'], name: 'Tie A', sku: expect.any(String), total_sold: 2, total_revenue: 8 },
      ]);
  });
});
