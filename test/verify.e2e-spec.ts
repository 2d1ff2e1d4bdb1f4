import { runCliInProcess } from './helpers/cli-in-process';
import { runCli } from './helpers/processes';
import { createBusiness, startTestApp, TestApp, TestBusiness } from './helpers/test-app';
import { earlier } from './helpers/earlier-time';

/**
 * docs/api.md 11 / issue 6 item 6: `cli verify` recomputes stock levels, loyalty balances and order
 * totals from their ledgers, is quiet on a consistent history built through the API, and reports
 * exactly the drift of deliberately corrupted rows, with exit code 1.
 */
describe('cli verify', () => {
  let t: TestApp;
  let env: NodeJS.ProcessEnv;

  beforeAll(async () => {
    t = await startTestApp();
    env = { ...process.env, DATABASE_URL: t.databaseUrl, LOG_LEVEL: 'error' };
  });
  afterAll(() => t.close());

  /** `cli verify` in this process (the same entry point); the drift case below also runs it through npm for its exit code. */
  async function verify(...args: string[]) {
    const res = await runCliInProcess(['verify', ...args], env);
    const lines = res.stdout.trim().split('\n');
    expect(lines).toHaveLength(1);
    return { code: res.code, report: JSON.parse(lines[0]) };
  }

  const post = async (biz: TestBusiness, path: string, body: object) => (await t.http().post(`/api/v1${path}`).set(biz.auth).send(body).expect(201)).body.data;

  /** Products, restocks, a damage write-off and four orders (two customers, fractional kg, discounts, an invoice). */
  async function history(biz: TestBusiness) {
    const a = await post(biz, '/products', { name: 'Apple', price: 2.5 });
    const b = await post(biz, '/products', { name: 'Beans (kg)', price: 10, unit: 'kg' });
    const c = await post(biz, '/products', { name: 'Cider', price: 0.35 });
    await post(biz, '/stock/adjustments', { product_id: a.id, quantity: 20, reason: 'restock' });
    await post(biz, '/stock/adjustments', { product_id: b.id, quantity: 5.5, reason: 'restock' });
    await post(biz, '/stock/adjustments', { product_id: c.id, quantity: 3, reason: 'restock' });
    await post(biz, '/stock/adjustments', { product_id: a.id, quantity: -1, reason: 'damage' });
    const ann = { name: 'Ann', email: 'ann@example.com' };
    const o1 = await post(biz, '/orders', {
      customer: ann,
      items: [
        { product_id: a.id, quantity: 3 },
        { product_id: b.id, quantity: 1.255, discount: 1 },
      ],
      tax_amount: 2.1,
      shipping_amount: 5,
    });
    const o2 = await post(biz, '/orders', { customer: ann, items: [{ product_id: a.id, quantity: 2, price: 2.99 }], discount_amount: 0.5, send_invoice: true });
    const o3 = await post(biz, '/orders', { items: [{ product_id: c.id, quantity: 3 }] });
    const o4 = await post(biz, '/orders', { customer: { email: 'bob@example.com' }, items: [{ product_id: a.id, quantity: 1 }] });
    return { a, b, c, orders: [o1, o2, o3, o4] };
  }

  it('a consistent history verifies ok, scoped and unscoped', async () => {
    const biz = await createBusiness(t);
    const { orders } = await history(biz);
    // the history is what the contract's formulas say, so verify has something real to agree with
    expect(orders[0]).toMatchObject({ subtotal: 19.05, tax_amount: 2.1, shipping_amount: 5, total: 26.15, loyalty_points_earned: 26 });
    expect(orders[1]).toMatchObject({ subtotal: 5.98, total: 5.48, loyalty_points_earned: 5 });

    const scoped = await verify('--business', biz.business_id);
    expect(scoped).toEqual({ code: 0, report: { ok: true, checked: { stock_levels: 3, loyalty_accounts: 2, orders: 4, returns: 0 }, drift: [] } });
    const all = await verify();
    expect(all.code).toBe(0);
    expect(all.report.ok).toBe(true);
    expect(all.report.checked.orders).toBeGreaterThanOrEqual(4);
  });

  it('reports exactly the corrupted rows, with exit code 1; another business still verifies ok', async () => {
    const biz = await createBusiness(t);
    const clean = await createBusiness(t, 'Clean');
    const { a, b, orders } = await history(biz);
    await history(clean);
    const [o1, o2, o3, o4] = orders;
    const [ann] = await t.db.query(`SELECT customer_id FROM loyalty_accounts WHERE business_id = $1 AND lifetime_earned = 31`, [biz.business_id]);
    const [bob] = await t.db.query(`SELECT customer_id FROM loyalty_accounts WHERE business_id = $1 AND lifetime_earned = 2`, [biz.business_id]);
    const q = (sql: string, params: unknown[]) => t.db.query(sql, [biz.business_id, ...params]);

    // stock: Apple is 20 - 1 - 3 - 2 - 1 = 13 by its movements; the level says 14
    await q(`UPDATE stock_levels SET quantity = quantity + 1 WHERE business_id = $1 AND product_id = $2`, [a.id]);
    // loyalty: Ann's balance 31 -> 24; Bob's lifetime_redeemed 0 -> 4
    await q(`UPDATE loyalty_accounts SET balance = 24 WHERE business_id = $1 AND customer_id = $2`, [ann.customer_id]);
    await q(`UPDATE loyalty_accounts SET lifetime_redeemed = 4 WHERE business_id = $1 AND customer_id = $2`, [bob.customer_id]);
    // order 1: the Beans line total 11.55 -> 12.55 (so its subtotal no longer adds up either)
    await q(`UPDATE sale_items SET total = 12.55 WHERE business_id = $1 AND sale_id = $2 AND product_id = $3`, [o1.order_id, b.id]);
    // order 2: shipping 0 -> 1 while the total (and its income) stay 5.48
    await q(`UPDATE sales SET shipping_amount = 1 WHERE business_id = $1 AND id = $2`, [o2.order_id]);
    // order 3: its income transaction is gone
    await q(`DELETE FROM finance_transactions WHERE business_id = $1 AND sale_id = $2 AND type = 'income'`, [o3.order_id]);
    // order 4: its lines are gone (subtotal, missing lines, and the movement no longer matches a line)
    await q(`DELETE FROM sale_items WHERE business_id = $1 AND sale_id = $2`, [o4.order_id]);

    const { code, report } = await verify();
    expect(code).toBe(1);
    expect(report.ok).toBe(false);
    const throughNpm = await runCli(['verify'], env);
    expect({ code: throughNpm.code, report: JSON.parse(throughNpm.stdout.trim()) as unknown }).toEqual({ code: 1, report });
    const B = biz.business_id;
    const expected = [
      { kind: 'stock_level', business_id: B, warehouse_id: biz.warehouse_id, product_id: a.id, expected: 13, actual: 14 },
      { kind: 'loyalty_balance', business_id: B, customer_id: ann.customer_id, expected: 31, actual: 24 },
      { kind: 'loyalty_lifetime_redeemed', business_id: B, customer_id: bob.customer_id, expected: 0, actual: 4 },
      { kind: 'order_item_total', business_id: B, order_id: o1.order_id, item_id: expect.any(String), line_no: 2, expected: 11.55, actual: 12.55 },
      { kind: 'order_subtotal', business_id: B, order_id: o1.order_id, expected: 20.05, actual: 19.05 },
      { kind: 'order_total', business_id: B, order_id: o2.order_id, expected: 6.48, actual: 5.48 },
      { kind: 'order_income', business_id: B, order_id: o3.order_id, expected: 1.05, actual: 0 },
      { kind: 'order_subtotal', business_id: B, order_id: o4.order_id, expected: 0, actual: 2.5 },
      { kind: 'order_items_missing', business_id: B, order_id: o4.order_id, expected: 'at least one line', actual: 0 },
      { kind: 'order_stock_movements', business_id: B, order_id: o4.order_id, product_id: a.id, expected: 0, actual: 1 },
    ];
    expect(report.drift).toHaveLength(expected.length);
    expect(report.drift).toEqual(expect.arrayContaining(expected.map((e) => expect.objectContaining(e))));
    for (const row of report.drift) expect(Object.keys(row).sort()).toEqual(Object.keys(expected.find((e) => e.kind === row.kind)!).sort());
    expect(report.checked.orders).toBeGreaterThanOrEqual(8);

    const scopedToClean = await verify('--business', clean.business_id);
    expect(scopedToClean).toEqual({ code: 0, report: { ok: true, checked: { stock_levels: 3, loyalty_accounts: 2, orders: 4, returns: 0 }, drift: [] } });
    const scopedToDirty = await verify('--business', B);
    expect(scopedToDirty.code).toBe(1);
    expect(scopedToDirty.report.drift).toHaveLength(expected.length);
  });

  it('document numbers: a gap (a sale whose number was skipped) and a counter behind its documents are reported', async () => {
    const biz = await createBusiness(t);
    await history(biz);
    expect((await verify('--business', biz.business_id)).code).toBe(0);
    // S-0004 renumbered S-0005: four sales, the highest number 5, the counter at 4
    await t.db.query(`UPDATE sales SET number = 5 WHERE business_id = $1 AND number = 4`, [biz.business_id]);
    // the invoice counter set back: one invoice, the counter at 0
    await t.db.query(`UPDATE business_counters SET value = 0 WHERE business_id = $1 AND name = 'invoice'`, [biz.business_id]);
    const { code, report } = await verify('--business', biz.business_id);
    expect(code).toBe(1);
    expect(report.drift).toEqual([
      { kind: 'document_numbers', business_id: biz.business_id, counter: 'invoice', expected: 0, actual: 1, highest_number: 1 },
      { kind: 'document_numbers', business_id: biz.business_id, counter: 'sale', expected: 4, actual: 4, highest_number: 5 },
    ]);
  });

  it('a stock level without any movement, and a malformed --business, are reported', async () => {
    const biz = await createBusiness(t);
    const p = await post(biz, '/products', { name: 'Ghost', price: 1 });
    await t.db.query(`INSERT INTO stock_levels (business_id, warehouse_id, product_id, quantity) VALUES ($1, $2, $3, 4)`, [
      biz.business_id,
      biz.warehouse_id,
      p.id,
    ]);
    const { code, report } = await verify('--business', biz.business_id);
    expect(code).toBe(1);
    expect(report).toEqual({
      ok: false,
      checked: { stock_levels: 1, loyalty_accounts: 0, orders: 0, returns: 0 },
      drift: [{ kind: 'stock_level', business_id: biz.business_id, warehouse_id: biz.warehouse_id, product_id: p.id, expected: 0, actual: 4 }],
    });
    const bad = await runCli(['verify', '--business', 'nope'], env);
    expect(bad.code).toBe(1);
    expect(JSON.parse(bad.stdout.trim()).error.code).toBe('VALIDATION_FAILED');
  });
  it("analytics rollups against finance's net income: a rollup or a finance row tampered with is reported", async () => {
    const TZ = 'America/New_York';
    const biz = await createBusiness(t, 'Analytics Books', { timezone: TZ });
    const get = async (path: string) => (await t.http().get(`/api/v1${path}`).set(biz.auth).expect(200)).body;
    const lamp = await post(biz, '/products', { name: 'Lamp', price: 20 });
    const bulb = await post(biz, '/products', { name: 'Bulb', price: 5 });
    await post(biz, '/stock/adjustments', { product_id: lamp.id, quantity: 10, reason: 'restock' });
    await post(biz, '/stock/adjustments', { product_id: bulb.id, quantity: 10, reason: 'restock' });
    // issue 30 point 5: 2 x 20 + 7.50 shipping, both units back without the shipping, three days ago
    const kept = await post(biz, '/orders', { items: [{ product_id: lamp.id, quantity: 2 }], shipping_amount: 7.5 });
    const other = await post(biz, '/orders', { items: [{ product_id: bulb.id, quantity: 1 }] });
    await t.db.query(`UPDATE sales SET created_at = ${earlier('created_at', "interval '3 days'")} WHERE id = $1`, [kept.order_id]);
    await t.db.query(`UPDATE sales SET created_at = ${earlier('created_at', "interval '4 days'")} WHERE id = $1`, [other.order_id]);
    const dayOf = async (o: { order_id: string }) =>
      (await t.db.query(`SELECT (created_at AT TIME ZONE $2)::date::text AS day FROM sales WHERE id = $1`, [o.order_id, TZ]))[0].day as string;
    const [keptDay, otherDay] = [await dayOf(kept), await dayOf(other)];

    await get('/analytics/dashboard?days=7'); // rolls both days up
    await post(biz, `/orders/${kept.order_id}/returns`, { items: [{ sale_item_id: kept.items[0].id, quantity: 2 }] });
    expect((await get('/analytics/dashboard?days=7')).data.revenue).toMatchObject({ total: 12.5, orders: 2 });
    const rolled = (day: string) => t.db.query(`SELECT orders, revenue FROM analytics_daily_sales WHERE business_id = $1 AND day = $2`, [biz.business_id, day]);
    expect(await rolled(keptDay)).toEqual([{ orders: 1, revenue: '7.50' }]);
    expect((await verify('--business', biz.business_id)).code).toBe(0);

    const q = (sql: string, params: unknown[]) => t.db.query(sql, [biz.business_id, ...params]);
    // the rollup as the former rule made it: the kept shipping counted as nothing
    await q(`UPDATE analytics_daily_sales SET orders = 0, revenue = 0 WHERE business_id = $1 AND day = $2`, [keptDay]);
    // the books: the bulb's income 5.00 -> 6.00 (the order check sees it too)
    await q(`UPDATE finance_transactions SET amount = 6 WHERE business_id = $1 AND sale_id = $2 AND type = 'income'`, [other.order_id]);
    // a product row: one bulb more than its line kept
    await q(`UPDATE analytics_daily_products SET quantity = quantity + 1 WHERE business_id = $1 AND day = $2 AND product_id = $3`, [otherDay, bulb.id]);
    // an hour bucket of today claiming a sale that is not in the books
    const [{ today }] = await t.db.query(`SELECT (now() AT TIME ZONE $1)::date::text AS today`, [TZ]);
    await q(
      `INSERT INTO analytics_hourly_sales (business_id, day, hour, orders, revenue) VALUES ($1, $2, 0, 1, 5)
       ON CONFLICT (business_id, day, hour) DO UPDATE SET orders = 1, revenue = 5`,
      [today],
    );

    const { code, report } = await verify('--business', biz.business_id);
    expect(code).toBe(1);
    const B = biz.business_id;
    expect(report.drift).toEqual([
      { kind: 'order_income', business_id: B, order_id: other.order_id, expected: 5, actual: 6 },
      {
        kind: 'analytics_product',
        business_id: B,
        day: otherDay,
        product_id: bulb.id,
        expected: { quantity: 1, revenue: 5, cost: 0 },
        actual: { quantity: 2, revenue: 5, cost: 0 },
      },
      { kind: 'analytics_revenue', business_id: B, day: otherDay, expected: 6, actual: 5 },
      { kind: 'analytics_orders', business_id: B, day: keptDay, expected: 1, actual: 0 },
      { kind: 'analytics_revenue', business_id: B, day: keptDay, expected: 7.5, actual: 0 },
      { kind: 'analytics_orders', business_id: B, day: today, hour: 0, expected: 0, actual: 1 },
      { kind: 'analytics_revenue', business_id: B, day: today, hour: 0, expected: 0, actual: 5 },
    ]);
  });
});
