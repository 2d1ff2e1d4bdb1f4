import { createApiKey } from '../src/modules/businesses/business-provisioning';
import { runCliInProcess } from './helpers/cli-in-process';
import { apiAs, countRows, createBusiness, ISO_MS, startTestApp, TestApp, TestBusiness } from './helpers/test-app';

/** docs/api.md 22: tax rates, products' rate and the business's tax settings. */
describe('tax rates', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const api = (biz: TestBusiness) => apiAs(t, biz);
  const keyed = (key: string) => ({
    get: (path: string) => t.http().get(`/api/v1${path}`).set('Authorization', `Bearer ${key}`),
    post: (path: string, body: object) => t.http().post(`/api/v1${path}`).set('Authorization', `Bearer ${key}`).send(body),
    put: (path: string, body: object) => t.http().put(`/api/v1${path}`).set('Authorization', `Bearer ${key}`).send(body),
    del: (path: string) => t.http().delete(`/api/v1${path}`).set('Authorization', `Bearer ${key}`),
  });

  async function rate(biz: TestBusiness, body: object) {
    return (await api(biz).post('/tax-rates', body).expect(201)).body.data;
  }

  it('creates (201), reads, lists by name and updates rates; one default at a time', async () => {
    const biz = await createBusiness(t);
    const res = await api(biz).post('/tax-rates', { name: ' VAT 19% ', rate: 19, is_default: true }).expect(201);
    expect(res.body.data).toEqual({
      id: expect.any(String),
      name: 'VAT 19%',
      rate: 19,
      is_default: true,
      archived_at: null,
      created_at: expect.stringMatching(ISO_MS),
      updated_at: expect.stringMatching(ISO_MS),
    });
    const reduced = await rate(biz, { name: 'Reduced', rate: 7.0625, is_default: true });
    expect(reduced).toMatchObject({ rate: 7.0625, is_default: true });
    expect((await api(biz).get(`/tax-rates/${res.body.data.id}`).expect(200)).body.data.is_default).toBe(false);
    const list = await api(biz).get('/tax-rates').expect(200);
    expect(list.body.data.map((r: { name: string }) => r.name)).toEqual(['Reduced', 'VAT 19%']);
    expect(list.body.meta).toEqual({ page: 1, per_page: 20, total: 2, total_pages: 1 });
    const updated = await api(biz).put(`/tax-rates/${res.body.data.id}`, { rate: 20, is_default: true }).expect(200);
    expect(updated.body.data).toMatchObject({ name: 'VAT 19%', rate: 20, is_default: true });
    expect((await api(biz).get(`/tax-rates/${reduced.id}`).expect(200)).body.data.is_default).toBe(false);
    const [{ n }] = await t.db.query(`SELECT count(*)::int AS n FROM tax_rates WHERE business_id = $1 AND is_default`, [biz.business_id]);
    expect(n).toBe(1);
  });

  it('400 VALIDATION_FAILED for a rate outside 0..100, with 5 decimals, or a missing name', async () => {
    const biz = await createBusiness(t);
    for (const body of [
      { name: 'X', rate: 100.0001 },
      { name: 'X', rate: -1 },
      { name: 'X', rate: 7.00001 },
      { name: 'X', rate: '7' },
      { rate: 7 },
      { name: 'X', rate: 7, extra: 1 },
    ]) {
      const res = await api(biz).post('/tax-rates', body).expect(400);
      expect(res.body.error.code).toBe('VALIDATION_FAILED');
    }
    await rate(biz, { name: 'Zero', rate: 0 });
    await rate(biz, { name: 'All', rate: 100 });
    expect(await countRows(t, 'tax_rates', biz.business_id)).toBe(2);
    await api(biz).get('/tax-rates?include_archived=maybe').expect(400);
  });

  it('DELETE: 204 for a rate never used, its products fall back to the default', async () => {
    const biz = await createBusiness(t);
    const r = await rate(biz, { name: 'Standard', rate: 10 });
    await api(biz).put('/business', { shipping_tax_rate_id: r.id }).expect(200);
    const product = (await api(biz).post('/products', { name: 'Mug', price: 5, tax_rate_id: r.id }).expect(201)).body.data;
    expect(product.tax_rate_id).toBe(r.id);
    await api(biz).del(`/tax-rates/${r.id}`).expect(204);
    expect((await api(biz).get(`/products/${product.id}`).expect(200)).body.data.tax_rate_id).toBeNull();
    expect((await api(biz).get('/business').expect(200)).body.data.shipping_tax_rate_id).toBeNull();
    await api(biz).get(`/tax-rates/${r.id}`).expect(404);
  });

  it('products and the business refuse an unknown, archived or foreign rate with 422 UNKNOWN_TAX_RATE', async () => {
    const a = await createBusiness(t, 'A');
    const b = await createBusiness(t, 'B');
    const theirs = await rate(b, { name: 'Theirs', rate: 5 });
    for (const id of [theirs.id, '00000000-0000-4000-8000-000000000000']) {
      const res = await api(a).post('/products', { name: 'Mug', price: 5, tax_rate_id: id }).expect(422);
      expect(res.body.error).toMatchObject({ code: 'UNKNOWN_TAX_RATE', details: [{ tax_rate_id: id }] });
      const biz = await api(a).put('/business', { shipping_tax_rate_id: id }).expect(422);
      expect(biz.body.error).toMatchObject({ code: 'UNKNOWN_TAX_RATE', details: [{ shipping_tax_rate_id: id }] });
    }
    expect(await countRows(t, 'products', a.business_id)).toBe(0);
    const mine = (await api(a).post('/products', { name: 'Mug', price: 5 }).expect(201)).body.data;
    expect(mine.tax_rate_id).toBeNull();
    await api(a).put(`/products/${mine.id}`, { tax_rate_id: theirs.id }).expect(422);
    await api(a).put(`/products/${mine.id}`, { tax_rate_id: 'nope' }).expect(400);
  });

  it("another business's rate is 404 on every route; the business's settings are its own", async () => {
    const a = await createBusiness(t, 'A');
    const b = await createBusiness(t, 'B');
    const theirs = await rate(b, { name: 'Theirs', rate: 5 });
    await api(a).get(`/tax-rates/${theirs.id}`).expect(404);
    await api(a).put(`/tax-rates/${theirs.id}`, { rate: 1 }).expect(404);
    await api(a).del(`/tax-rates/${theirs.id}`).expect(404);
    expect((await api(a).get('/tax-rates').expect(200)).body.data).toEqual([]);
    expect((await api(b).get(`/tax-rates/${theirs.id}`).expect(200)).body.data.rate).toBe(5);
    const profile = await api(a).put('/business', { prices_include_tax: true }).expect(200);
    expect(profile.body.data).toMatchObject({ prices_include_tax: true, shipping_tax_rate_id: null });
    expect((await api(b).get('/business').expect(200)).body.data.prices_include_tax).toBe(false);
    await api(a).put('/business', { prices_include_tax: null }).expect(400);
  });

  it('any scope reads rates; changing them needs finance (403 FORBIDDEN_SCOPE, nothing written)', async () => {
    const biz = await createBusiness(t);
    const r = await rate(biz, { name: 'Standard', rate: 10 });
    const till = await t.db.transaction((m) => createApiKey(m, biz.business_id, { name: 'Till', scopes: ['sales'] }));
    const accountant = await t.db.transaction((m) => createApiKey(m, biz.business_id, { name: 'Books', scopes: ['finance'] }));
    await keyed(till.api_key).get('/tax-rates').expect(200);
    await keyed(till.api_key).get(`/tax-rates/${r.id}`).expect(200);
    for (const res of [
      await keyed(till.api_key).post('/tax-rates', { name: 'X', rate: 1 }),
      await keyed(till.api_key).put(`/tax-rates/${r.id}`, { rate: 1 }),
      await keyed(till.api_key).del(`/tax-rates/${r.id}`),
    ]) {
      expect(res.status).toBe(403);
      expect(res.body.error).toMatchObject({ code: 'FORBIDDEN_SCOPE', details: [{ required: 'finance' }] });
    }
    expect((await api(biz).get(`/tax-rates/${r.id}`).expect(200)).body.data.rate).toBe(10);
    await keyed(accountant.api_key).post('/tax-rates', { name: 'Y', rate: 2 }).expect(201);
    await keyed(accountant.api_key).put(`/tax-rates/${r.id}`, { rate: 11 }).expect(200);
  });
});

/** docs/api.md 22: orders' computed tax, returns, cancellations (the worked example of docs/api.md, "Taxes"). */
describe('taxes on orders', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const api = (biz: TestBusiness) => apiAs(t, biz);

  /** 19% (default) and 7% rates, shipping at 19%; a mug (19%), tea (7%) and a free card (untaxed: its own 0% rate? no: a rate-less product with a default is at the default) */
  async function shop(inclusive: boolean) {
    const biz = await createBusiness(t);
    const vat = (await api(biz).post('/tax-rates', { name: 'VAT 19%', rate: 19, is_default: true }).expect(201)).body.data;
    const reduced = (await api(biz).post('/tax-rates', { name: 'VAT 7%', rate: 7 }).expect(201)).body.data;
    const zero = (await api(biz).post('/tax-rates', { name: 'Exempt', rate: 0 }).expect(201)).body.data;
    await api(biz).put('/business', { prices_include_tax: inclusive, shipping_tax_rate_id: vat.id }).expect(200);
    const product = async (name: string, price: number, rateId?: string) => {
      const p = (
        await api(biz)
          .post('/products', { name, price, ...(rateId ? { tax_rate_id: rateId } : {}) })
          .expect(201)
      ).body.data;
      await api(biz).post('/stock/adjustments', { product_id: p.id, quantity: 100, reason: 'restock' }).expect(201);
      return p;
    };
    const mug = await product('Mug', 9.99);
    const tea = await product('Tea', 4.5, reduced.id);
    const card = await product('Card', 5, zero.id);
    const body = {
      items: [
        { product_id: mug.id, quantity: 3 },
        { product_id: tea.id, quantity: 2 },
        { product_id: card.id, quantity: 1 },
      ],
      discount_amount: 3,
      shipping_amount: 4.9,
    };
    return { biz, vat, reduced, zero, mug, tea, card, body };
  }

  it('exclusive prices: the worked example, on the order, its quote and GET', async () => {
    const { biz, vat, reduced, zero, body } = await shop(false);
    const quote = (await api(biz).post('/orders/quote', body).expect(200)).body.data;
    const order = (await api(biz).post('/orders', body).expect(201)).body.data;
    const expected = {
      subtotal: 43.97,
      tax_amount: 6.83,
      discount_amount: 3,
      shipping_amount: 4.9,
      total: 52.7,
      tax_included: false,
      tax_lines: [
        { tax_rate_id: vat.id, name: 'VAT 19%', rate: 19, taxable_amount: 32.82, tax_amount: 6.24 },
        { tax_rate_id: reduced.id, name: 'VAT 7%', rate: 7, taxable_amount: 8.39, tax_amount: 0.59 },
        { tax_rate_id: zero.id, name: 'Exempt', rate: 0, taxable_amount: 4.66, tax_amount: 0 },
      ],
    };
    expect(order).toMatchObject(expected);
    expect(quote).toMatchObject(expected);
    expect((await api(biz).get(`/orders/${order.order_id}`).expect(200)).body.data).toMatchObject(expected);
    const list = (await api(biz).get('/orders').expect(200)).body.data;
    expect(list[0]).toMatchObject(expected);
  });

  it('inclusive prices: gross lines, the tax inside the total', async () => {
    const { biz, vat, reduced, zero, body } = await shop(true);
    const order = (await api(biz).post('/orders', body).expect(201)).body.data;
    expect(order).toMatchObject({
      subtotal: 43.97,
      tax_amount: 5.79,
      total: 45.87,
      tax_included: true,
      tax_lines: [
        { tax_rate_id: vat.id, rate: 19, taxable_amount: 27.58, tax_amount: 5.24 },
        { tax_rate_id: reduced.id, rate: 7, taxable_amount: 7.84, tax_amount: 0.55 },
        { tax_rate_id: zero.id, rate: 0, taxable_amount: 4.66, tax_amount: 0 },
      ],
    });
  });

  it('with tax_amount given: the tax as given and no tax lines', async () => {
    const { biz, body } = await shop(false);
    const order = (
      await api(biz)
        .post('/orders', { ...body, tax_amount: 1.5 })
        .expect(201)
    ).body.data;
    expect(order).toMatchObject({ subtotal: 43.97, tax_amount: 1.5, total: 47.37, tax_lines: [], tax_included: false });
    expect(await countRows(t, 'sale_tax_lines', biz.business_id)).toBe(0);
  });

  it('returns refund tax per rate by the cumulative rule; everything back refunds every rate exactly', async () => {
    const { biz, vat, body } = await shop(false);
    const order = (
      await api(biz)
        .post('/orders', { ...body, send_invoice: true })
        .expect(201)
    ).body.data;
    const [mugLine, teaLine, cardLine] = order.items;
    const invoice = (await api(biz).get(`/invoices/${order.invoice_id}`).expect(200)).body.data;
    expect(invoice).toMatchObject({ tax_amount: 6.83, tax_lines: order.tax_lines, tax_included: false });
    const first = (
      await api(biz)
        .post(`/orders/${order.order_id}/returns`, { items: [{ sale_item_id: mugLine.id, quantity: 1 }] })
        .expect(201)
    ).body.data;
    expect(first.tax_lines).toEqual([{ tax_rate_id: vat.id, name: 'VAT 19%', rate: 19, taxable_amount: 9.31, tax_amount: 1.77 }]);
    expect(first.tax_amount).toBe(1.77);
    const note = (await api(biz).get(`/credit-notes/${first.credit_note_id}`).expect(200)).body.data;
    expect(note).toMatchObject({ tax_amount: 1.77, tax_lines: first.tax_lines });
    expect((await api(biz).get(`/returns/${first.id}`).expect(200)).body.data.tax_lines).toEqual(first.tax_lines);
    const rest = (
      await api(biz)
        .post(`/orders/${order.order_id}/returns`, {
          items: [
            { sale_item_id: mugLine.id, quantity: 2 },
            { sale_item_id: teaLine.id, quantity: 2 },
            { sale_item_id: cardLine.id, quantity: 1 },
          ],
          refund_shipping: true,
        })
        .expect(201)
    ).body.data;
    const byRate = (lines: { rate: number; tax_amount: number }[]) => Object.fromEntries(lines.map((l) => [l.rate, l.tax_amount]));
    expect(byRate(rest.tax_lines)).toEqual({ 19: 4.47, 7: 0.59, 0: 0 });
    expect(first.total + rest.total).toBeCloseTo(52.7, 2);
    const after = (await api(biz).get(`/orders/${order.order_id}`).expect(200)).body.data;
    expect(after).toMatchObject({ status: 'returned', refunded_amount: 52.7 });
  });

  it('inclusive prices: a return refunds the gross, its tax inside; all of it refunds the total and every rate', async () => {
    const { biz, vat, reduced, body } = await shop(true);
    const order = (await api(biz).post('/orders', body).expect(201)).body.data;
    const [mugLine, teaLine, cardLine] = order.items;
    const first = (
      await api(biz)
        .post(`/orders/${order.order_id}/returns`, { items: [{ sale_item_id: mugLine.id, quantity: 1 }] })
        .expect(201)
    ).body.data;
    // goods 29.97 / 3 = 9.99, discount share round(3.00 × 9.99 / 43.97) = 0.68; the tax (round(5.24 × 9.31 / 32.82) = 1.49) is inside
    expect(first).toMatchObject({ subtotal: 9.99, discount_amount: 0.68, tax_amount: 1.49, total: 9.31 });
    expect(first.tax_lines).toEqual([{ tax_rate_id: vat.id, name: 'VAT 19%', rate: 19, taxable_amount: 7.82, tax_amount: 1.49 }]);
    const rest = (
      await api(biz)
        .post(`/orders/${order.order_id}/returns`, {
          items: [
            { sale_item_id: mugLine.id, quantity: 2 },
            { sale_item_id: teaLine.id, quantity: 2 },
            { sale_item_id: cardLine.id, quantity: 1 },
          ],
          refund_shipping: true,
        })
        .expect(201)
    ).body.data;
    expect(Math.round((first.total + rest.total) * 100) / 100).toBe(45.87);
    const vatBack = [...first.tax_lines, ...rest.tax_lines].filter((l) => l.tax_rate_id === vat.id).reduce((a, l) => a + l.tax_amount * 100, 0);
    expect(vatBack / 100).toBe(5.24);
    expect(rest.tax_lines.find((l: { tax_rate_id: string }) => l.tax_rate_id === reduced.id).tax_amount).toBe(0.55);
  });

  it('a rate renamed or changed later: past orders keep the name and rate they were sold at', async () => {
    const { biz, vat, body } = await shop(false);
    const order = (await api(biz).post('/orders', body).expect(201)).body.data;
    await api(biz).put(`/tax-rates/${vat.id}`, { name: 'VAT standard', rate: 20 }).expect(200);
    const past = (await api(biz).get(`/orders/${order.order_id}`).expect(200)).body.data;
    expect(past.tax_lines[0]).toEqual({ tax_rate_id: vat.id, name: 'VAT 19%', rate: 19, taxable_amount: 32.82, tax_amount: 6.24 });
    const next = (await api(biz).post('/orders/quote', body).expect(200)).body.data;
    expect(next.tax_lines[0]).toMatchObject({ tax_rate_id: vat.id, name: 'VAT standard', rate: 20, tax_amount: 6.56 });
  });

  it('a cancellation refunds what returns left of each rate; an archived rate stays on past orders', async () => {
    const { biz, vat, reduced, body } = await shop(false);
    const order = (await api(biz).post('/orders', body).expect(201)).body.data;
    await api(biz)
      .post(`/orders/${order.order_id}/returns`, { items: [{ sale_item_id: order.items[0].id, quantity: 1 }] })
      .expect(201);
    await api(biz).post(`/orders/${order.order_id}/cancel`, {}).expect(200);
    const [row] = await t.db.query(`SELECT sum(tax_amount)::text AS tax FROM refund_tax_lines WHERE business_id = $1 AND sale_id = $2 AND tax_rate_id = $3`, [
      biz.business_id,
      order.order_id,
      vat.id,
    ]);
    expect(row.tax).toBe('6.24');
    const archived = (await api(biz).del(`/tax-rates/${reduced.id}`).expect(200)).body.data;
    expect(archived.archived_at).toEqual(expect.stringMatching(ISO_MS));
    expect((await api(biz).get('/tax-rates').expect(200)).body.data.map((r: { id: string }) => r.id)).not.toContain(reduced.id);
    expect((await api(biz).get('/tax-rates?include_archived=true').expect(200)).body.data.map((r: { id: string }) => r.id)).toContain(reduced.id);
    const past = (await api(biz).get(`/orders/${order.order_id}`).expect(200)).body.data;
    expect(past.tax_lines.map((l: { tax_rate_id: string }) => l.tax_rate_id)).toContain(reduced.id);
    // the tea now falls back to the default rate
    const next = (
      await api(biz)
        .post('/orders', { items: [body.items[1]] })
        .expect(201)
    ).body.data;
    expect(next.tax_lines).toEqual([{ tax_rate_id: vat.id, name: 'VAT 19%', rate: 19, taxable_amount: 9, tax_amount: 1.71 }]);
  });
});

/** docs/api.md 22: GET /reports/tax, equal to the period's orders' and refunds' tax lines. */
describe('tax report', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const api = (biz: TestBusiness) => apiAs(t, biz);

  it('per rate (archived included), equal to the orders and returns of the period; CSV; finance only; 400s', async () => {
    const biz = await createBusiness(t, 'Report', { timezone: 'Europe/Berlin' });
    const vat = (await api(biz).post('/tax-rates', { name: 'VAT 19%', rate: 19, is_default: true }).expect(201)).body.data;
    const reduced = (await api(biz).post('/tax-rates', { name: 'VAT 7%', rate: 7 }).expect(201)).body.data;
    const unused = (await api(biz).post('/tax-rates', { name: 'Unused', rate: 3 }).expect(201)).body.data;
    const p1 = (await api(biz).post('/products', { name: 'A', price: 10 }).expect(201)).body.data;
    const p2 = (await api(biz).post('/products', { name: 'B', price: 3.33, tax_rate_id: reduced.id }).expect(201)).body.data;
    for (const p of [p1, p2]) await api(biz).post('/stock/adjustments', { product_id: p.id, quantity: 100, reason: 'restock' }).expect(201);
    const orders = [];
    for (let i = 1; i <= 3; i++) {
      const order = (
        await api(biz)
          .post('/orders', {
            items: [
              { product_id: p1.id, quantity: i },
              { product_id: p2.id, quantity: 1.5 },
            ],
            discount_amount: 1,
          })
          .expect(201)
      ).body.data;
      orders.push(order);
    }
    // one with a given tax: outside the report
    await api(biz)
      .post('/orders', { items: [{ product_id: p1.id, quantity: 1 }], tax_amount: 9 })
      .expect(201);
    const ret = (
      await api(biz)
        .post(`/orders/${orders[0].order_id}/returns`, { items: [{ sale_item_id: orders[0].items[1].id, quantity: 1 }] })
        .expect(201)
    ).body.data;
    await api(biz).post(`/orders/${orders[1].order_id}/cancel`, {}).expect(200);
    await api(biz).del(`/tax-rates/${reduced.id}`).expect(200);

    const [{ today }] = await t.db.query(`SELECT (now() AT TIME ZONE 'Europe/Berlin')::date::text AS today`);
    const report = (await api(biz).get(`/reports/tax?from=${today}&to=${today}`).expect(200)).body.data;
    const sum = (lines: { tax_rate_id: string; taxable_amount: number; tax_amount: number }[][], id: string, key: 'taxable_amount' | 'tax_amount') =>
      Math.round(
        lines
          .flat()
          .filter((l) => l.tax_rate_id === id)
          .reduce((acc, l) => acc + l[key] * 100, 0),
      ) / 100;
    const refunds = (await api(biz).get(`/orders/${orders[1].order_id}`).expect(200)).body.data.tax_lines; // the cancellation gives back all of order 2
    const rows = Object.fromEntries(report.map((r: { tax_rate_id: string }) => [r.tax_rate_id, r]));
    expect(Object.keys(rows).sort()).toEqual([vat.id, reduced.id, unused.id].sort());
    for (const rate of [vat, reduced]) {
      const sales = orders.map((o) => o.tax_lines);
      expect(rows[rate.id]).toEqual({
        tax_rate_id: rate.id,
        name: rate.name,
        rate: rate.rate,
        taxable_sales: sum(sales, rate.id, 'taxable_amount'),
        tax_collected: sum(sales, rate.id, 'tax_amount'),
        taxable_refunds: sum([ret.tax_lines, refunds], rate.id, 'taxable_amount'),
        tax_refunded: sum([ret.tax_lines, refunds], rate.id, 'tax_amount'),
        net_tax: Math.round((sum(sales, rate.id, 'tax_amount') - sum([ret.tax_lines, refunds], rate.id, 'tax_amount')) * 100) / 100,
      });
    }
    expect(rows[reduced.id].tax_refunded).toBeGreaterThan(0);
    expect(rows[unused.id]).toMatchObject({ taxable_sales: 0, tax_collected: 0, net_tax: 0 });
    // a period before: every rate, all zero
    const before = (await api(biz).get('/reports/tax?from=2020-01-01&to=2020-01-31').expect(200)).body.data;
    expect(before.every((r: { tax_collected: number; tax_refunded: number }) => r.tax_collected === 0 && r.tax_refunded === 0)).toBe(true);

    const csv = await api(biz).get(`/reports/tax?from=${today}&to=${today}&format=csv`).expect(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    const [header, ...lines] = csv.text.trim().split(/\r?\n/);
    expect(header).toBe('tax_rate_id,name,rate,taxable_sales,tax_collected,taxable_refunds,tax_refunded,net_tax');
    expect(lines).toHaveLength(3);

    expect((await api(biz).get('/reports/tax?from=2026-02-01&to=2026-01-01').expect(400)).body.error.code).toBe('VALIDATION_FAILED');
    await api(biz).get('/reports/tax?format=xml').expect(400);
    await api(biz).get('/reports/tax?days=3').expect(400);
    const till = await t.db.transaction((m) => createApiKey(m, biz.business_id, { name: 'Till', scopes: ['sales', 'analytics'] }));
    const refused = await t.http().get('/api/v1/reports/tax').set('Authorization', `Bearer ${till.api_key}`).expect(403);
    expect(refused.body.error).toMatchObject({ code: 'FORBIDDEN_SCOPE', details: [{ required: 'finance' }] });
    // another business sees none of these rates
    const other = await createBusiness(t, 'Other');
    expect((await api(other).get('/reports/tax').expect(200)).body.data).toEqual([]);
  });
});

/** docs/api.md 22: `cli verify` checks the tax lines after a mixed workload, and finds a corrupted one. */
describe('cli verify and taxes', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const api = (biz: TestBusiness) => apiAs(t, biz);
  async function verify(businessId: string) {
    const res = await runCliInProcess(['verify', '--business', businessId], { ...process.env, DATABASE_URL: t.databaseUrl, LOG_LEVEL: 'error' });
    return { code: res.code, report: JSON.parse(res.stdout.trim()) };
  }

  it('is clean after orders (both modes, given and computed tax), returns, a cancellation; reports a drifting tax line', async () => {
    const biz = await createBusiness(t);
    const vat = (await api(biz).post('/tax-rates', { name: 'VAT', rate: 19.5, is_default: true }).expect(201)).body.data;
    const low = (await api(biz).post('/tax-rates', { name: 'Low', rate: 5.25 }).expect(201)).body.data;
    await api(biz).put('/business', { shipping_tax_rate_id: low.id }).expect(200);
    const a = (await api(biz).post('/products', { name: 'A', price: 3.99 }).expect(201)).body.data;
    const b = (await api(biz).post('/products', { name: 'B', price: 0.7, tax_rate_id: low.id }).expect(201)).body.data;
    for (const p of [a, b]) await api(biz).post('/stock/adjustments', { product_id: p.id, quantity: 1000, reason: 'restock' }).expect(201);
    const orders = [];
    for (const [i, inclusive] of [false, true, false, true].entries()) {
      await api(biz).put('/business', { prices_include_tax: inclusive }).expect(200);
      const body = {
        items: [
          { product_id: a.id, quantity: 1.125 + i },
          { product_id: b.id, quantity: 3, discount: 0.1 },
        ],
        discount_amount: 0.99,
        shipping_amount: 2.5,
        send_invoice: i % 2 === 0,
      };
      orders.push((await api(biz).post('/orders', body).expect(201)).body.data);
    }
    await api(biz)
      .post('/orders', { items: [{ product_id: a.id, quantity: 1 }], tax_amount: 0.5 })
      .expect(201);
    await api(biz)
      .post(`/orders/${orders[0].order_id}/returns`, { items: [{ sale_item_id: orders[0].items[0].id, quantity: 0.5 }] })
      .expect(201);
    await api(biz)
      .post(`/orders/${orders[1].order_id}/returns`, { items: [{ sale_item_id: orders[1].items[1].id, quantity: 3 }], refund_shipping: true })
      .expect(201);
    await api(biz).post(`/orders/${orders[0].order_id}/cancel`, {}).expect(200);
    for (const o of orders.slice(2)) {
      await api(biz)
        .post(`/orders/${o.order_id}/returns`, {
          items: o.items.map((l: { id: string; quantity: number }) => ({ sale_item_id: l.id, quantity: l.quantity })),
          refund_shipping: true,
        })
        .expect(201);
    }
    const clean = await verify(biz.business_id);
    expect(clean.report.drift).toEqual([]);
    expect(clean.code).toBe(0);

    await t.db.query(`UPDATE sale_tax_lines SET tax_amount = tax_amount + 0.01 WHERE business_id = $1 AND sale_id = $2 AND tax_rate_id = $3`, [
      biz.business_id,
      orders[3].order_id,
      vat.id,
    ]);
    const bad = await verify(biz.business_id);
    expect(bad.code).toBe(1);
    expect(bad.report.drift.map((d: { kind: string }) => d.kind)).toEqual(['order_tax_lines']);
  });
});
