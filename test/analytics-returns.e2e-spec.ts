import Decimal from 'decimal.js';
import { verifyLedgers } from '../src/modules/verify/verify-ledgers';
import { apiAs, createBusiness, startTestApp, TestApp, TestBusiness } from './helpers/test-app';
import { earlier } from './helpers/earlier-time';

// Far from UTC, so a local day is not a UTC day.
const TZ = 'America/New_York';

/**
 * docs/api.md 8 and 12 (amended), issue 30 point 5: analytics count an order, returned in part or in
 * full, at its total minus its refunds and its lines net of returned quantities; only an order with
 * nothing left (refunds equal to its total) or a cancelled one counts as no order. So analytics
 * revenue and finance's income net of refunds agree over the same orders, rolled up or live.
 */
describe('analytics of returned orders (docs/api.md 8, 12)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const shop = async (name: string) => {
    const biz = await createBusiness(t, name, { timezone: TZ });
    const api = apiAs(t, biz);
    const body = async (req: ReturnType<typeof api.get>) => (await req.expect(200)).body;
    return {
      biz,
      api,
      product: async (name: string, price: number, cost: number) => {
        const p = (await api.post('/products', { name, sku: name.toUpperCase(), price, cost_price: cost }).expect(201)).body.data;
        await api.post('/stock/adjustments', { product_id: p.id, quantity: 100, reason: 'restock' }).expect(201);
        return p.id as string;
      },
      order: async (order: object) => (await api.post('/orders', order).expect(201)).body.data,
      returnOf: (order: any, items: [productId: string, quantity: number][], refundShipping = false) =>
        api
          .post(`/orders/${order.order_id}/returns`, {
            items: items.map(([productId, quantity]) => ({ sale_item_id: order.items.find((i: any) => i.product_id === productId).id, quantity })),
            refund_shipping: refundShipping,
          })
          .expect(201),
      cancel: (order: any) => api.post(`/orders/${order.order_id}/cancel`, {}),
      /** Moves an order back n days, before any analytics read of that day: its day is closed and rolled up. */
      daysAgo: (order: any, n: number) =>
        t.db.query(`UPDATE sales SET created_at = ${earlier('created_at', 'make_interval(days => $2)')} WHERE id = $1`, [order.order_id, n]),
      analytics: async (days: number) => ({
        dashboard: (await body(api.get(`/analytics/dashboard?days=${days}`))).data,
        revenue: (await body(api.get(`/analytics/revenue?days=${days}`))) as { date: string; revenue: number; orders: number }[],
        top: await body(api.get(`/analytics/top-products?days=${days}`)),
        customers: (await body(api.get(`/analytics/customers?days=${days}`))).data,
        margin: (await body(api.get(`/reports/margin?days=${days}`))).data,
      }),
      dayOf: async (order: any) =>
        (await t.db.query(`SELECT (created_at AT TIME ZONE $2)::date::text AS day FROM sales WHERE id = $1`, [order.order_id, TZ]))[0].day as string,
    };
  };
  const verified = async (biz: TestBusiness) => {
    const report = await verifyLedgers(t.db, biz.business_id);
    expect(report.drift).toEqual([]);
    expect(report.ok).toBe(true);
  };
  const sold = (points: { date: string; revenue: number; orders: number }[]) => points.filter((p) => p.orders > 0 || p.revenue !== 0);

  it('2 x 20 + 7.50 shipping, both units returned without the shipping: 7.50 of revenue and one order, rolled up and live', async () => {
    const s = await shop('Kept Shipping');
    const p = await s.product('Lamp', 20, 4);
    const order = { items: [{ product_id: p, quantity: 2 }], shipping_amount: 7.5 };
    const closed = await s.order({ ...order, customer: { name: 'Ann', email: 'ann@kept.test' } });
    await s.daysAgo(closed, 3);
    // the closed day is rolled up with the whole order, then the return corrects it
    expect((await s.analytics(7)).dashboard.revenue).toEqual({ total: 47.5, orders: 1, avg_order_value: 47.5 });
    await s.returnOf(closed, [[p, 2]]);
    const live = await s.order({ ...order, customer: { name: 'Bob', email: 'bob@kept.test' } });
    await s.returnOf(live, [[p, 2]]);

    for (const o of [closed, live]) {
      const after = (await s.api.get(`/orders/${o.order_id}`).expect(200)).body.data;
      expect(after).toMatchObject({ status: 'returned', total: 47.5, refunded_amount: 40 });
      // a returned order cannot be cancelled: what it kept stays kept
      expect((await s.cancel(o)).status).toBe(409);
      expect((await s.api.get(`/customers/${o.customer_id}`).expect(200)).body.data.total_spent).toBe(7.5);
    }

    const a = await s.analytics(7);
    expect(a.dashboard.revenue).toEqual({ total: 15, orders: 2, avg_order_value: 7.5 });
    expect(sold(a.revenue)).toEqual([
      { date: await s.dayOf(closed), revenue: 7.5, orders: 1 },
      { date: await s.dayOf(live), revenue: 7.5, orders: 1 },
    ]);
    // the lines are fully returned: they contribute nothing
    expect(a.top).toEqual([]);
    expect(a.margin).toMatchObject({ revenue: 0, cogs: 0, gross_margin: 0, products: [] });
    expect(a.customers).toMatchObject({ active_customers: 2, avg_lifetime_value: 7.5 });
    expect(a.customers.top_customers.map((c: any) => [c.name, c.total_spent, c.orders]).sort()).toEqual([
      ['Ann', 7.5, 1],
      ['Bob', 7.5, 1],
    ]);
    await verified(s.biz);
  });

  it('an order with nothing left counts as none; a fully returned line of a kept order contributes nothing', async () => {
    const s = await shop('Nothing Left');
    const lamp = await s.product('Lamp', 20, 4);
    const bulb = await s.product('Bulb', 3, 1);
    // everything back with the shipping: refunds equal the total
    const refunded = await s.order({ items: [{ product_id: lamp, quantity: 2 }], shipping_amount: 7.5, tax_amount: 1.2 });
    // half of it back: the bulbs stay sold, the lamp line is fully returned
    const kept = await s.order({
      items: [
        { product_id: lamp, quantity: 1 },
        { product_id: bulb, quantity: 2 },
      ],
    });
    const cancelled = await s.order({ items: [{ product_id: bulb, quantity: 5 }] });
    for (const o of [refunded, kept, cancelled]) await s.daysAgo(o, 2);
    expect((await s.analytics(7)).dashboard.revenue).toEqual({ total: 89.7, orders: 3, avg_order_value: 29.9 });

    await s.returnOf(refunded, [[lamp, 2]], true);
    expect((await s.api.get(`/orders/${refunded.order_id}`).expect(200)).body.data).toMatchObject({ status: 'returned', refunded_amount: 48.7 });
    await s.returnOf(kept, [[lamp, 1]]);
    await s.cancel(cancelled).expect(200);

    const a = await s.analytics(7);
    expect(a.dashboard.revenue).toEqual({ total: 6, orders: 1, avg_order_value: 6 });
    expect(sold(a.revenue)).toEqual([{ date: await s.dayOf(kept), revenue: 6, orders: 1 }]);
    expect(a.top).toEqual([{ product_id: bulb, name: 'Bulb', sku: 'BULB', total_sold: 2, total_revenue: 6 }]);
    expect(a.margin).toMatchObject({ revenue: 6, cogs: 2, gross_margin: 4 });
    expect(a.margin.products).toEqual([{ product_id: bulb, name: 'Bulb', quantity: 2, revenue: 6, cogs: 2, margin: 4, margin_percent: 66.67 }]);
    await verified(s.biz);
  });

  it("over a mix of sales, partial and full returns with and without shipping, and cancellations, analytics revenue is finance's net income of the same orders", async () => {
    const s = await shop('Books Agree');
    const A = await s.product('Anvil', 12.35, 5.1);
    const B = await s.product('Bell', 7.99, 2.25);
    const ann = { name: 'Ann', email: 'ann@books.test' };
    const bob = { name: 'Bob', email: 'bob@books.test' };
    const cyd = { name: 'Cyd', email: 'cyd@books.test' };

    const orders = {
      partial: await s.order({
        customer: ann,
        items: [
          { product_id: A, quantity: 3 },
          { product_id: B, quantity: 1 },
        ],
        tax_amount: 2.37,
        shipping_amount: 4.99,
        discount_amount: 1.5,
      }),
      keptShipping: await s.order({ customer: bob, items: [{ product_id: A, quantity: 2 }], shipping_amount: 7.5, tax_amount: 0.99 }),
      allBack: await s.order({ customer: cyd, items: [{ product_id: B, quantity: 1 }], shipping_amount: 3, tax_amount: 0.7 }),
      untouched: await s.order({
        customer: ann,
        items: [
          { product_id: A, quantity: 1 },
          { product_id: B, quantity: 1 },
        ],
      }),
      old: await s.order({ customer: bob, items: [{ product_id: B, quantity: 1 }] }),
      cancelled: await s.order({ customer: cyd, items: [{ product_id: B, quantity: 2 }], discount_amount: 2 }),
      returnedThenCancelled: await s.order({ customer: ann, items: [{ product_id: A, quantity: 4 }], tax_amount: 1.11 }),
      keptShippingToday: await s.order({ customer: cyd, items: [{ product_id: A, quantity: 2 }], shipping_amount: 6, tax_amount: 1 }),
      partialToday: await s.order({
        items: [
          { product_id: A, quantity: 1 },
          { product_id: B, quantity: 3 },
        ],
        shipping_amount: 2.5,
      }),
    };
    await s.daysAgo(orders.partial, 10);
    await s.daysAgo(orders.keptShipping, 3);
    await s.daysAgo(orders.allBack, 3);
    await s.daysAgo(orders.untouched, 2);
    await s.daysAgo(orders.old, 40);
    // the closed days are rolled up before the returns and cancellations, which must correct them
    await s.analytics(7);
    await s.analytics(30);

    await s.returnOf(orders.partial, [[A, 1]]);
    await s.returnOf(orders.keptShipping, [[A, 1]]);
    await s.returnOf(orders.keptShipping, [[A, 1]]);
    await s.returnOf(orders.allBack, [[B, 1]], true);
    await s.cancel(orders.cancelled).expect(200);
    await s.returnOf(orders.returnedThenCancelled, [[A, 1]]);
    await s.cancel(orders.returnedThenCancelled).expect(200);
    await s.returnOf(orders.keptShippingToday, [[A, 2]]);
    await s.returnOf(orders.partialToday, [
      [B, 3],
      [A, 1],
    ]);
    await s.returnOf(orders.old, [[B, 1]]);
    expect((await s.api.get(`/orders/${orders.partialToday.order_id}`).expect(200)).body.data).toMatchObject({ status: 'returned', refunded_amount: 36.32 });

    // finance, per order: its income minus its refunds (category sales), dated by the order's day
    const books: { id: string; day: string; customer_id: string | null; net: string }[] = await t.db.query(
      `SELECT s.id, (s.created_at AT TIME ZONE $2)::date::text AS day, s.customer_id,
              sum(CASE f.type WHEN 'income' THEN f.amount ELSE -f.amount END)::text AS net
         FROM sales s JOIN finance_transactions f ON f.business_id = s.business_id AND f.sale_id = s.id
        WHERE s.business_id = $1 AND f.category = 'sales' AND f.type IN ('income', 'refund')
        GROUP BY s.business_id, s.id`,
      [s.biz.business_id, TZ],
    );
    const net = (rows: typeof books) => rows.reduce((acc, r) => acc.plus(r.net), new Decimal(0)).toNumber();
    // kept: partial, keptShipping (7.50), untouched, partialToday (2.50), keptShippingToday (6.00); none: allBack, cancelled x2, old
    expect(books.filter((b) => new Decimal(b.net).gt(0))).toHaveLength(5);

    for (const days of [7, 30]) {
      const a = await s.analytics(days);
      const inWindow = books.filter((b) => b.day >= a.revenue[0].date);
      const kept = inWindow.filter((b) => new Decimal(b.net).gt(0));
      expect(a.dashboard.revenue).toMatchObject({ total: net(inWindow), orders: kept.length });
      expect(sold(a.revenue)).toEqual(
        [...new Set(kept.map((b) => b.day))]
          .sort()
          .map((day) => ({ date: day, revenue: net(inWindow.filter((b) => b.day === day)), orders: kept.filter((b) => b.day === day).length })),
      );
      const spent = a.customers.top_customers.reduce((acc: Decimal, c: any) => acc.plus(c.total_spent), new Decimal(0)).toNumber();
      expect(spent).toBe(net(inWindow.filter((b) => b.customer_id !== null)));
      expect(a.customers.active_customers).toBe(new Set(kept.filter((b) => b.customer_id).map((b) => b.customer_id)).size);

      // the lines, net of what came back, of the orders counted
      const [lines] = await t.db.query(
        `SELECT coalesce(sum(i.total - i.returned_amount), 0)::text AS revenue, coalesce(sum(round((i.quantity - i.returned_quantity) * i.unit_cost, 2)), 0)::text AS cost
           FROM sale_items i WHERE i.business_id = $1 AND i.sale_id = ANY($2::uuid[])`,
        [s.biz.business_id, kept.map((b) => b.id)],
      );
      expect(a.margin).toMatchObject({ revenue: Number(lines.revenue), cogs: Number(lines.cost) });
      expect(a.top.reduce((acc: Decimal, p: any) => acc.plus(p.total_revenue), new Decimal(0)).toNumber()).toBe(Number(lines.revenue));
    }
    await verified(s.biz);
  });
});
