import { randomUUID } from 'crypto';
import { seedProduct, stockOf } from './helpers/orders-fixtures';
import { createBusiness, ISO_MS, startTestApp, TestApp, TestBusiness } from './helpers/test-app';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const TZ = 'America/New_York';

describe('invoices: list, get, manual create, status transitions (docs/api.md 6)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const api = (biz: TestBusiness) => ({
    create: (body: object, key?: string) => {
      const req = t.http().post('/api/v1/invoices').set(biz.auth);
      if (key) req.set('Idempotency-Key', key);
      return req.send(body);
    },
    update: (id: string, body: object) => t.http().put(`/api/v1/invoices/${id}`).set(biz.auth).send(body),
    get: (id: string) => t.http().get(`/api/v1/invoices/${id}`).set(biz.auth),
    list: (query: Record<string, string | number> = {}) => t.http().get('/api/v1/invoices').query(query).set(biz.auth),
    order: async (body: object) => (await t.http().post('/api/v1/orders').set(biz.auth).send(body).expect(201)).body.data,
    customer: async (email: string) =>
      (await t.http().post('/api/v1/customers').set(biz.auth).send({ name: 'Client', email }).expect(201)).body.data.id as string,
  });
  const localDate = async (biz: TestBusiness, plusDays = 0): Promise<string> =>
    (await t.db.query(`SELECT ((now() AT TIME ZONE b.timezone)::date + $2::int)::text AS d FROM businesses b WHERE b.id = $1`, [biz.business_id, plusDays]))[0]
      .d;
  const paidEvents = (biz: TestBusiness) =>
    t.db.query(`SELECT data FROM outbox_events WHERE business_id = $1 AND type = 'invoice.paid' ORDER BY seq`, [biz.business_id]);
  const financeRows = (biz: TestBusiness) =>
    t.db.query(
      `SELECT type, category, amount, description, invoice_id, sale_id, occurred_on::text AS occurred_on FROM finance_transactions
        WHERE business_id = $1 AND category = 'invoices' ORDER BY created_at`,
      [biz.business_id],
    );
  const invoiceState = async (biz: TestBusiness) => ({
    invoices: (await t.db.query(`SELECT count(*)::int AS n FROM invoices WHERE business_id = $1`, [biz.business_id]))[0].n,
    items: (await t.db.query(`SELECT count(*)::int AS n FROM invoice_items WHERE business_id = $1`, [biz.business_id]))[0].n,
    counter: (await t.db.query(`SELECT value FROM business_counters WHERE business_id = $1 AND name = 'invoice'`, [biz.business_id]))[0].value,
    finance: (await t.db.query(`SELECT count(*)::int AS n FROM finance_transactions WHERE business_id = $1`, [biz.business_id]))[0].n,
    events: (await t.db.query(`SELECT count(*)::int AS n FROM outbox_events WHERE business_id = $1`, [biz.business_id]))[0].n,
  });

  it('creates an unpaid invoice (201): totals from the lines, due in 30 days of the business zone, INV numbers shared with orders, no stock change', async () => {
    const biz = await createBusiness(t, 'Invoice Shop', { timezone: TZ, currency: 'EUR' });
    const a = api(biz);
    const mug = await seedProduct(t, biz, { name: 'Mug', price: '19.99', stock: '10' });
    const beans = await seedProduct(t, biz, { name: 'Beans', price: '10.00', stock: '5' });
    const fromOrder = await a.order({ customer: { email: 'ada@shop.test' }, items: [{ product_id: mug, quantity: 1 }], send_invoice: true });
    expect(fromOrder.invoice_number).toBe('INV-0001');
    const customer = fromOrder.customer_id;

    const res = await a
      .create({
        customer_id: customer,
        items: [
          { product_id: mug, quantity: 3, price: 0.1 },
          { product_id: beans, quantity: 1.255, price: 10 },
        ],
        notes: 'net 30',
      })
      .expect(201);
    expect(res.body).toEqual({
      success: true,
      data: {
        id: expect.stringMatching(UUID),
        invoice_number: 'INV-0002',
        customer_id: customer,
        sale_id: null,
        status: 'unpaid',
        currency: 'EUR',
        subtotal: 12.85,
        tax_amount: 0,
        tax_lines: [],
        tax_included: false,
        total: 12.85,
        credited_amount: 0,
        due_date: await localDate(biz, 30),
        paid_date: null,
        notes: 'net 30',
        items: [
          { product_id: mug, product_name: 'Mug', quantity: 3, unit_price: 0.1, total: 0.3 },
          { product_id: beans, product_name: 'Beans', quantity: 1.255, unit_price: 10, total: 12.55 },
        ],
        email: null,
        created_at: expect.stringMatching(ISO_MS),
        updated_at: expect.stringMatching(ISO_MS),
      },
    });
    expect(await stockOf(t, biz, mug)).toBe('9.000');
    expect(await stockOf(t, biz, beans)).toBe('5.000');
    expect((await a.get(res.body.data.id).expect(200)).body).toEqual(res.body);

    const dated = await a.create({ customer_id: customer, items: [{ product_id: beans, quantity: 2, price: 7.5 }], due_date: '2030-01-31' }).expect(201);
    expect(dated.body.data).toMatchObject({ invoice_number: 'INV-0003', due_date: '2030-01-31', total: 15, notes: null });
    const next = await a.order({ items: [{ product_id: mug, quantity: 1 }], send_invoice: true });
    expect(next.invoice_number).toBe('INV-0004');
    // an unpaid manual invoice books nothing in finance
    expect(await financeRows(biz)).toEqual([]);
  });

  it('422 UNKNOWN_CUSTOMER / UNKNOWN_PRODUCT / INACTIVE_PRODUCT and 400s write nothing and take no number', async () => {
    const biz = await createBusiness(t);
    const other = await createBusiness(t, 'Other Shop');
    const a = api(biz);
    const mine = await a.customer('mine@shop.test');
    const theirs = await api(other).customer('theirs@shop.test');
    const product = await seedProduct(t, biz);
    const inactive = await seedProduct(t, biz, { isActive: false });
    const foreign = await seedProduct(t, other);
    const line = { product_id: product, quantity: 1, price: 5 };
    const before = await invoiceState(biz);

    for (const id of [theirs, randomUUID()]) {
      const res = await a.create({ customer_id: id, items: [line] }).expect(422);
      expect(res.body.error).toMatchObject({ code: 'UNKNOWN_CUSTOMER', details: [{ customer_id: id }] });
    }
    const unknown = await a.create({ customer_id: mine, items: [line, { ...line, product_id: foreign }] }).expect(422);
    expect(unknown.body.error).toMatchObject({ code: 'UNKNOWN_PRODUCT', details: [{ product_id: foreign }] });
    const off = await a.create({ customer_id: mine, items: [{ ...line, product_id: inactive }] }).expect(422);
    expect(off.body.error).toMatchObject({ code: 'INACTIVE_PRODUCT', details: [{ product_id: inactive }] });

    const invalid: [object, string][] = [
      [{ customer_id: mine, items: [] }, 'items'],
      [{ customer_id: mine }, 'items'],
      [{ items: [line] }, 'customer_id'],
      [{ customer_id: mine, items: [{ product_id: product, quantity: 1 }] }, 'items[0].price'],
      [{ customer_id: mine, items: [{ ...line, quantity: 0 }] }, 'items[0].quantity'],
      [{ customer_id: mine, items: [{ ...line, price: -1 }] }, 'items[0].price'],
      [{ customer_id: mine, items: [{ ...line, price: 1.005 }] }, 'items[0].price'],
      [{ customer_id: mine, items: [{ ...line, product_id: 'x' }] }, 'items[0].product_id'],
      [{ customer_id: mine, items: [line], due_date: '2026-02-30' }, 'due_date'],
      [{ customer_id: mine, items: [line], status: 'paid' }, 'status'],
    ];
    for (const [body, field] of invalid) {
      const res = await a.create(body).expect(400);
      expect(res.body.error.code).toBe('VALIDATION_FAILED');
      expect(res.body.error.details.map((d: { field: string }) => d.field)).toContain(field);
    }
    expect(await invoiceState(biz)).toEqual(before);
    expect((await a.create({ customer_id: mine, items: [line] }).expect(201)).body.data.invoice_number).toBe('INV-0001');
  });

  it('every allowed transition: unpaid -> paid | cancelled | overdue, overdue -> paid | cancelled; paid records invoice.paid and the income once', async () => {
    const biz = await createBusiness(t, 'Transitions', { timezone: TZ });
    const a = api(biz);
    const customer = await a.customer('t@shop.test');
    const product = await seedProduct(t, biz);
    const make = async () => (await a.create({ customer_id: customer, items: [{ product_id: product, quantity: 2, price: 21.05 }] }).expect(201)).body.data;

    // unpaid -> paid with a given paid_date
    const i1 = await make();
    const paid = await a.update(i1.id, { status: 'paid', paid_date: '2026-03-04' }).expect(200);
    expect(paid.body).toEqual({ success: true, data: { ...i1, status: 'paid', paid_date: '2026-03-04', updated_at: expect.stringMatching(ISO_MS) } });
    // unpaid -> cancelled, unpaid -> overdue
    const i2 = await make();
    expect((await a.update(i2.id, { status: 'cancelled' }).expect(200)).body.data).toMatchObject({ status: 'cancelled', paid_date: null });
    const i3 = await make();
    expect((await a.update(i3.id, { status: 'overdue' }).expect(200)).body.data).toMatchObject({ status: 'overdue', paid_date: null });
    // overdue -> paid (paid_date defaults to today in the business zone), overdue -> cancelled
    expect((await a.update(i3.id, { status: 'paid' }).expect(200)).body.data).toMatchObject({ status: 'paid', paid_date: await localDate(biz) });
    const i4 = await make();
    await a.update(i4.id, { status: 'overdue' }).expect(200);
    expect((await a.update(i4.id, { status: 'cancelled' }).expect(200)).body.data).toMatchObject({ status: 'cancelled' });

    expect(await paidEvents(biz)).toEqual([
      { data: { invoice_id: i1.id, invoice_number: i1.invoice_number, customer_id: customer, sale_id: null, total: 42.1, paid_date: '2026-03-04' } },
      { data: { invoice_id: i3.id, invoice_number: i3.invoice_number, customer_id: customer, sale_id: null, total: 42.1, paid_date: await localDate(biz) } },
    ]);
    expect(await financeRows(biz)).toEqual([
      {
        type: 'income',
        category: 'invoices',
        amount: '42.10',
        description: `Invoice ${i1.invoice_number}`,
        invoice_id: i1.id,
        sale_id: null,
        occurred_on: '2026-03-04',
      },
      {
        type: 'income',
        category: 'invoices',
        amount: '42.10',
        description: `Invoice ${i3.invoice_number}`,
        invoice_id: i3.id,
        sale_id: null,
        occurred_on: await localDate(biz),
      },
    ]);
  });

  it('every forbidden transition is 409 and the same status again is a 200 no-op: nothing changes, no second event or income', async () => {
    const biz = await createBusiness(t);
    const a = api(biz);
    const customer = await a.customer('f@shop.test');
    const product = await seedProduct(t, biz);
    const make = async (status?: string) => {
      const inv = (await a.create({ customer_id: customer, items: [{ product_id: product, quantity: 1, price: 9.99 }] }).expect(201)).body.data;
      if (status) await a.update(inv.id, { status, ...(status === 'paid' ? { paid_date: '2026-05-01' } : {}) }).expect(200);
      return (await a.get(inv.id).expect(200)).body.data;
    };
    const paid = await make('paid');
    const cancelled = await make('cancelled');
    const overdue = await make('overdue');
    const before = await invoiceState(biz);

    const forbidden: [typeof paid, string][] = [
      [paid, 'cancelled'],
      [paid, 'overdue'],
      [cancelled, 'paid'],
      [cancelled, 'overdue'],
    ];
    for (const [inv, status] of forbidden) {
      const res = await a.update(inv.id, { status }).expect(409);
      expect(res.body.error).toMatchObject({ code: 'INVALID_STATUS_TRANSITION', details: [{ from: inv.status, to: status }] });
    }
    for (const [inv, body] of [
      [paid, { status: 'paid' }],
      [paid, { status: 'paid', paid_date: '2026-06-01' }],
      [cancelled, { status: 'cancelled' }],
      [overdue, { status: 'overdue' }],
    ] as const) {
      expect((await a.update(inv.id, body).expect(200)).body.data).toEqual(inv);
    }
    expect(await invoiceState(biz)).toEqual(before);
    expect(await paidEvents(biz)).toHaveLength(1);
    expect(await financeRows(biz)).toHaveLength(1);
    for (const inv of [paid, cancelled, overdue]) expect((await a.get(inv.id)).body.data).toEqual(inv);
  });

  it('400 for unpaid, a missing or unknown status, paid_date without paid or malformed; 404 for another business or unknown id', async () => {
    const biz = await createBusiness(t);
    const other = await createBusiness(t, 'Other Shop');
    const a = api(biz);
    const product = await seedProduct(t, biz);
    const inv = (await a.create({ customer_id: await a.customer('x@shop.test'), items: [{ product_id: product, quantity: 1, price: 1 }] }).expect(201)).body
      .data;
    const bad: [object, string][] = [
      [{ status: 'unpaid' }, 'status'],
      [{}, 'status'],
      [{ status: 'refunded' }, 'status'],
      [{ status: 'cancelled', paid_date: '2026-01-01' }, 'paid_date'],
      [{ status: 'paid', paid_date: '01/02/2026' }, 'paid_date'],
      [{ status: 'paid', extra: 1 }, 'extra'],
    ];
    for (const [body, field] of bad) {
      const res = await a.update(inv.id, body).expect(400);
      expect(res.body.error.details.map((d: { field: string }) => d.field)).toContain(field);
    }
    expect((await a.get(inv.id)).body.data).toEqual(inv);

    const o = api(other);
    expect((await o.get(inv.id).expect(404)).body.error.code).toBe('NOT_FOUND');
    expect((await o.update(inv.id, { status: 'paid' }).expect(404)).body.error.code).toBe('NOT_FOUND');
    await a.get(randomUUID()).expect(404);
    await a.update(randomUUID(), { status: 'paid' }).expect(404);
    await a.get('not-a-uuid').expect(400);
    expect((await a.get(inv.id)).body.data.status).toBe('unpaid');
    expect(await paidEvents(other)).toEqual([]);
  });

  it("an order's invoice is paid already: paid again is a no-op, cancelled or overdue is 409", async () => {
    const biz = await createBusiness(t);
    const a = api(biz);
    const product = await seedProduct(t, biz);
    const o = await a.order({ customer: { email: 'o@shop.test' }, items: [{ product_id: product, quantity: 1 }], send_invoice: true });
    const inv = (await a.get(o.invoice_id).expect(200)).body.data;
    expect(inv).toMatchObject({ status: 'paid', sale_id: o.order_id, invoice_number: 'INV-0001', total: 10 });
    expect((await a.update(o.invoice_id, { status: 'paid' }).expect(200)).body.data).toEqual(inv);
    await a.update(o.invoice_id, { status: 'cancelled' }).expect(409);
    await a.update(o.invoice_id, { status: 'overdue' }).expect(409);
    expect(await paidEvents(biz)).toEqual([]);
  });

  it('five concurrent "paid" on one invoice: one change, invoice.paid recorded once, one income', async () => {
    const biz = await createBusiness(t);
    const a = api(biz);
    const product = await seedProduct(t, biz);
    const inv = (await a.create({ customer_id: await a.customer('c@shop.test'), items: [{ product_id: product, quantity: 1, price: 3 }] }).expect(201)).body
      .data;
    const results = await Promise.all(Array.from({ length: 5 }, () => a.update(inv.id, { status: 'paid', paid_date: '2026-02-02' })));
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(await paidEvents(biz)).toHaveLength(1);
    expect(await financeRows(biz)).toHaveLength(1);
  });

  it('filters by status (incl. unpaid), customer and inclusive dates in the business zone; newest first, paged', async () => {
    const biz = await createBusiness(t, 'Filters', { timezone: TZ });
    const a = api(biz);
    const ann = await a.customer('ann@shop.test');
    const bob = await a.customer('bob@shop.test');
    const product = await seedProduct(t, biz);
    const make = async (customer: string, localTime: string, status?: string) => {
      const inv = (await a.create({ customer_id: customer, items: [{ product_id: product, quantity: 1, price: 1 }] }).expect(201)).body.data;
      if (status) await a.update(inv.id, { status }).expect(200);
      await t.db.query(`UPDATE invoices SET created_at = ($2::timestamp AT TIME ZONE $3) WHERE id = $1`, [inv.id, localTime, TZ]);
      return inv.invoice_number as string;
    };
    // local New York times: the last two are on the 11th there, but already the 12th in UTC
    const n1 = await make(ann, '2026-03-09 12:00', 'paid');
    const n2 = await make(bob, '2026-03-10 00:00');
    const n3 = await make(ann, '2026-03-10 23:59:59', 'overdue');
    const n4 = await make(bob, '2026-03-11 20:30', 'cancelled');
    const n5 = await make(ann, '2026-03-11 22:00');

    const numbers = async (query: Record<string, string | number>) =>
      (await a.list(query).expect(200)).body.data.map((i: { invoice_number: string }) => i.invoice_number);
    expect(await numbers({})).toEqual([n5, n4, n3, n2, n1]);
    expect(await numbers({ status: 'unpaid' })).toEqual([n5, n2]);
    expect(await numbers({ status: 'paid' })).toEqual([n1]);
    expect(await numbers({ status: 'overdue' })).toEqual([n3]);
    expect(await numbers({ status: 'cancelled' })).toEqual([n4]);
    expect(await numbers({ customer_id: ann })).toEqual([n5, n3, n1]);
    expect(await numbers({ customer_id: bob, status: 'unpaid' })).toEqual([n2]);
    expect(await numbers({ from: '2026-03-10', to: '2026-03-10' })).toEqual([n3, n2]);
    expect(await numbers({ from: '2026-03-11' })).toEqual([n5, n4]);
    expect(await numbers({ to: '2026-03-09' })).toEqual([n1]);
    expect(await numbers({ customer_id: randomUUID() })).toEqual([]);

    const page = await a.list({ per_page: 2, page: 2 }).expect(200);
    expect(page.body.meta).toEqual({ page: 2, per_page: 2, total: 5, total_pages: 3 });
    expect(page.body.data.map((i: { invoice_number: string }) => i.invoice_number)).toEqual([n3, n2]);
    expect(page.body.data[0].items).toEqual([{ product_id: product, product_name: expect.any(String), quantity: 1, unit_price: 1, total: 1 }]);

    for (const query of [
      { status: 'refunded' },
      { from: '2026-03-12', to: '2026-03-11' },
      { per_page: 101 },
      { page: 0 },
      { customer_id: 'x' },
      { from: '2026-13-01' },
    ] as Record<string, string | number>[]) {
      expect((await a.list(query).expect(400)).body.error.code).toBe('VALIDATION_FAILED');
    }
    // another business sees none of them
    expect(
      (
        await api(await createBusiness(t, 'Empty'))
          .list()
          .expect(200)
      ).body.meta.total,
    ).toBe(0);
  });

  it('gapless INV numbers across concurrent manual invoices and invoiced orders; Idempotency-Key replays without a new number', async () => {
    const biz = await createBusiness(t);
    const a = api(biz);
    const customer = await a.customer('g@shop.test');
    const product = await seedProduct(t, biz, { stock: '100' });
    const line = { product_id: product, quantity: 1, price: 2 };
    const results = await Promise.all([
      ...Array.from({ length: 8 }, () => a.create({ customer_id: customer, items: [line] })),
      ...Array.from({ length: 4 }, () =>
        t
          .http()
          .post('/api/v1/orders')
          .set(biz.auth)
          .send({ items: [{ product_id: product, quantity: 1 }], send_invoice: true }),
      ),
    ]);
    expect(results.map((r) => r.status)).toEqual([...Array(8).fill(201), ...Array(4).fill(201)]);
    const numbers = (await t.db.query(`SELECT number FROM invoices WHERE business_id = $1 ORDER BY number`, [biz.business_id])).map((r: { number: string }) =>
      Number(r.number),
    );
    expect(numbers).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));

    const first = await a.create({ customer_id: customer, items: [line] }, 'inv-key').expect(201);
    const replay = await a.create({ customer_id: customer, items: [line] }, 'inv-key').expect(201);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.text).toBe(first.text);
    expect(first.body.data.invoice_number).toBe('INV-0013');
    expect((await invoiceState(biz)).invoices).toBe(13);
  });
});
