import { apiAs, createBusiness, startTestApp, TestApp, TestBusiness } from './helpers/test-app';
import { seedProduct } from './helpers/orders-fixtures';
import { createStaff, signIn } from './helpers/staff-sessions';

interface Hit {
  kind: string;
  id: string;
  label: string;
  detail: string | null;
}

describe('GET /search (docs/api.md 21)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const api = (biz: TestBusiness) => apiAs(t, biz);
  const search = async (biz: TestBusiness, q: string): Promise<Hit[]> => {
    const res = await api(biz)
      .get(`/search?q=${encodeURIComponent(q)}`)
      .expect(200);
    expect(Object.keys(res.body)).toEqual(['success', 'data']);
    return res.body.data;
  };
  const labels = async (biz: TestBusiness, q: string, kind: string) => (await search(biz, q)).filter((h) => h.kind === kind).map((h) => h.label);
  const product = async (biz: TestBusiness, body: Record<string, unknown>) =>
    (
      await api(biz)
        .post('/products', { price: 10, ...body })
        .expect(201)
    ).body.data;
  const customer = async (biz: TestBusiness, body: Record<string, unknown>) => (await api(biz).post('/customers', body).expect(201)).body.data;
  const supplier = async (biz: TestBusiness, name: string) => (await api(biz).post('/suppliers', { name }).expect(201)).body.data;
  const order = async (biz: TestBusiness, productId: string, extra: Record<string, unknown> = {}) =>
    (
      await api(biz)
        .post('/orders', { items: [{ product_id: productId, quantity: 1 }], ...extra })
        .expect(201)
    ).body.data;
  const keyWith = async (biz: TestBusiness, scopes: string[]): Promise<TestBusiness> => {
    const key = (
      await api(biz)
        .post('/api-keys', { name: scopes.join(' '), scopes })
        .expect(201)
    ).body.data.api_key as string;
    return { ...biz, auth: { Authorization: `Bearer ${key}` } };
  };

  it('refuses a missing, empty, one-character, too long or unknown parameter (400), and reads nothing', async () => {
    const biz = await createBusiness(t);
    for (const query of ['', '?q=', '?q=a', '?q=%20%20a%20', `?q=${'x'.repeat(101)}`, '?q=ab&kind=order', '?q=ab&q=cd']) {
      const res = await api(biz).get(`/search${query}`).expect(400);
      expect(res.body.error.code).toBe('VALIDATION_FAILED');
    }
    const details = (await api(biz).get('/search?q=%20a%20').expect(400)).body.error.details;
    expect(details).toEqual([{ field: 'q', message: expect.stringContaining('2 to 100') }]);
    expect(await search(biz, ` ${'x'.repeat(100)} `)).toEqual([]);
    expect(await search(biz, ' ab ')).toEqual([]);
  });

  it('products: name anywhere, SKU and barcode from the start, any letter case, exact then prefix then by name, never an inactive one', async () => {
    const biz = await createBusiness(t);
    const dark = await product(biz, { name: 'Dark Roast Beans', sku: 'COF-100', barcode: '4006381333931', price: 12.5 });
    await product(biz, { name: 'Light roast', sku: 'COF-200' });
    await product(biz, { name: 'Roast', sku: 'TEA-1' });
    await product(biz, { name: 'Roaster cleaning kit', sku: 'XCOF-1' });
    const old = await product(biz, { name: 'Roast (old)', sku: 'OLD-1' });
    await api(biz).del(`/products/${old.id}`).expect(200);

    expect((await search(biz, 'dark')).filter((h) => h.kind === 'product')).toEqual([
      { kind: 'product', id: dark.id, label: 'Dark Roast Beans', detail: 'COF-100 · 12.50 USD' },
    ]);
    expect(await labels(biz, 'ROAST', 'product')).toEqual(['Roast', 'Roaster cleaning kit', 'Dark Roast Beans', 'Light roast']);
    expect(await labels(biz, 'roast (o', 'product')).toEqual([]);
    expect(await labels(biz, 'old-1', 'product')).toEqual([]);
    expect(await labels(biz, 'cof-', 'product')).toEqual(['Dark Roast Beans', 'Light roast']);
    expect(await labels(biz, 'cof-1', 'product')).toEqual(['Dark Roast Beans']);
    expect(await labels(biz, 'OF-1', 'product')).toEqual([]);
    expect(await labels(biz, '400638', 'product')).toEqual(['Dark Roast Beans']);
    expect(await labels(biz, '6381333931', 'product')).toEqual([]);
    // an exact SKU before a name that starts with the query
    await product(biz, { name: 'tea-1 sampler', sku: 'SAMPLER' });
    expect(await labels(biz, 'TEA-1', 'product')).toEqual(['Roast', 'tea-1 sampler']);
  });

  it('% and _ match themselves, and at most 5 of a kind', async () => {
    const biz = await createBusiness(t);
    await product(biz, { name: '50% off mug', sku: 'A_1' });
    await product(biz, { name: '500 mugs', sku: 'AB1' });
    for (let i = 1; i <= 7; i++) await product(biz, { name: `Mug ${i}`, sku: `MUG-${i}` });
    expect(await labels(biz, '0%', 'product')).toEqual(['50% off mug']);
    expect(await labels(biz, 'a_', 'product')).toEqual(['50% off mug']);
    expect(await labels(biz, '%%', 'product')).toEqual([]);
    expect(await labels(biz, 'mug', 'product')).toEqual(['Mug 1', 'Mug 2', 'Mug 3', 'Mug 4', 'Mug 5']);
  });

  it('customers: name and email anywhere, phone by the digits at the start of the number or of a group', async () => {
    const biz = await createBusiness(t);
    const jane = await customer(biz, { name: 'Jane Doe', email: 'jane@example.com', phone: '+49 (30) 1234' });
    await customer(biz, { name: 'Janet Smith', email: 'smith@Example.org' });
    await customer(biz, { email: 'mary.jane@corp.test', phone: '030 99 88' });
    await customer(biz, { name: 'Bob', phone: '49301234' });

    expect((await search(biz, 'jane doe')).filter((h) => h.kind === 'customer')).toEqual([
      { kind: 'customer', id: jane.id, label: 'Jane Doe', detail: 'jane@example.com · +49 (30) 1234' },
    ]);
    expect(await labels(biz, 'JANE', 'customer')).toEqual(['Jane Doe', 'Janet Smith', 'mary.jane@corp.test']);
    expect(await labels(biz, 'example.', 'customer')).toEqual(['Jane Doe', 'Janet Smith']);
    expect(await labels(biz, '301', 'customer')).toEqual(['Jane Doe']);
    expect(await labels(biz, '+49 30 12', 'customer')).toEqual(['Bob', 'Jane Doe']);
    expect(await labels(biz, '1234', 'customer')).toEqual(['Jane Doe']);
    expect(await labels(biz, '0123', 'customer')).toEqual([]);
    expect(await labels(biz, '9988', 'customer')).toEqual(['mary.jane@corp.test']);
  });

  it('orders by number prefix, newest first, with total, local time and customer; invoices by number prefix', async () => {
    const biz = await createBusiness(t, 'Till', { timezone: 'Europe/Berlin' });
    const productId = await seedProduct(t, biz, { name: 'Espresso', price: '2.50' });
    const first = await order(biz, productId, { customer: { name: 'Jane Doe', email: 'jane@example.com' }, send_invoice: false });
    const rest = [];
    for (let i = 0; i < 6; i++) rest.push(await order(biz, productId));
    const all = [first, ...rest];
    const numbers = all.map((o) => o.order_number as string);
    expect(numbers[0]).toBe('S-0001');

    const newest = numbers.slice().reverse().slice(0, 5);
    expect(await labels(biz, 's-000', 'order')).toEqual(newest);
    expect(await labels(biz, 'S-', 'order')).toEqual(newest);
    expect(await labels(biz, '0001', 'order')).toEqual(['S-0001']);
    expect(await labels(biz, 'S-0002', 'order')).toEqual(['S-0002']);
    expect(await labels(biz, 'S-01', 'order')).toEqual([]);
    const [hit] = (await search(biz, 'S-0001')).filter((h) => h.kind === 'order');
    const local = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Berlin', dateStyle: 'short', timeStyle: 'short' }).format(new Date(first.created_at));
    expect(hit).toEqual({ kind: 'order', id: first.order_id, label: 'S-0001', detail: `2.50 USD · ${local} · Jane Doe` });

    await api(biz).post(`/orders/${rest[0].order_id}/cancel`, {}).expect(200);
    expect((await search(biz, 'S-0002')).find((h) => h.kind === 'order')?.detail).toMatch(/^2\.50 USD · .* · cancelled$/);

    const invoice = (
      await api(biz)
        .post('/invoices', { customer_id: first.customer_id, items: [{ product_id: productId, quantity: 2, price: 3.2 }] })
        .expect(201)
    ).body.data;
    expect((await search(biz, 'inv-')).filter((h) => h.kind === 'invoice')).toEqual([
      { kind: 'invoice', id: invoice.id, label: invoice.invoice_number, detail: `${invoice.status} · 6.40 USD` },
    ]);
    expect(await labels(biz, 'INV-9', 'invoice')).toEqual([]);
  });

  it('suppliers by name anywhere', async () => {
    const biz = await createBusiness(t);
    await supplier(biz, 'Roastery Ltd');
    await supplier(biz, 'Big ROAST Co');
    await supplier(biz, 'Dairy Farm');
    expect(await labels(biz, 'roast', 'supplier')).toEqual(['Roastery Ltd', 'Big ROAST Co']);
    expect(await labels(biz, 'farm', 'supplier')).toEqual(['Dairy Farm']);
  });

  it('lists only the kinds the caller reads, in kind order, and never another business', async () => {
    const biz = await createBusiness(t);
    const productId = await seedProduct(t, biz, { name: 'Sugar 10 pack', sku: 'SUG-10' });
    await order(biz, productId, { customer: { name: 'Sugar Ray', phone: '+1 555 0100' } });
    await supplier(biz, 'Sugar Mill');
    const other = await createBusiness(t);
    await seedProduct(t, other, { name: 'Their sugar', sku: 'SUG-11' });
    await customer(other, { name: 'Their Sugar Customer' });
    await supplier(other, 'Their Sugar Mill');
    const otherProduct = await seedProduct(t, other, { name: 'Other', sku: 'OTH-1' });
    await order(other, otherProduct);

    const kinds = async (who: TestBusiness, q = 'sug') => (await search(who, q)).map((h) => `${h.kind}:${h.label}`);
    expect(await kinds(biz)).toEqual(['product:Sugar 10 pack', 'customer:Sugar Ray', 'supplier:Sugar Mill']);
    expect(await kinds(biz, 'S-0001')).toEqual(['order:S-0001']);
    expect(await kinds(await keyWith(biz, ['products:read']))).toEqual(['product:Sugar 10 pack']);
    expect(await kinds(await keyWith(biz, ['sales']))).toEqual(['product:Sugar 10 pack', 'customer:Sugar Ray']);
    expect(await kinds(await keyWith(biz, ['purchasing']))).toEqual(['supplier:Sugar Mill']);
    expect(await kinds(await keyWith(biz, ['orders:read']), 'S-0001')).toEqual(['order:S-0001']);
    expect(await kinds(await keyWith(biz, ['orders:read']))).toEqual([]);
    expect(await kinds(await keyWith(biz, ['invoices']), 'S-0001')).toEqual([]);
    const refused = await api(await keyWith(biz, ['finance', 'analytics']))
      .get('/search?q=sug')
      .expect(403);
    expect(refused.body.error).toMatchObject({ code: 'FORBIDDEN_SCOPE', details: [{ required: 'orders:read' }] });

    const cashier = await createStaff(t, biz.business_id, { role: 'cashier' });
    const session = await signIn(t, cashier.email);
    const asCashier = await t.http().get('/api/v1/search?q=sug').set('Cookie', session.cookie).expect(200);
    expect(asCashier.body.data.map((h: Hit) => `${h.kind}:${h.label}`)).toEqual(['product:Sugar 10 pack', 'customer:Sugar Ray']);
  });
});
