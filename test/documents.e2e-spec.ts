import request from 'supertest';
import { seedProduct } from './helpers/orders-fixtures';
import { binaryParser, pdfCreationDate, pdfText } from './helpers/pdf-text';
import { apiAs, createBusiness, startTestApp, TestApp, TestBusiness } from './helpers/test-app';

/** docs/api.md 17: the business profile (GET/PUT /business) and the invoice and credit note PDFs, read back as text. */
describe('documents: the letterhead and the PDFs', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const PROFILE = {
    name: 'Corner Coffee',
    legal_name: 'Corner Coffee GmbH',
    address_lines: ['Hauptstraße 1', '10115 Berlin', 'Germany'],
    tax_id: 'DE123456789',
    email: 'billing@corner.example',
    phone: '+49 30 1234567',
    invoice_footer: 'Thank you for your business.\nIBAN DE89 3704 0044 0532 0130 00',
  };

  const pdf = (biz: TestBusiness, path: string) => t.http().get(`/api/v1${path}`).set(biz.auth).buffer(true).parse(binaryParser);

  async function withProfile(name = 'Shop', currency = 'EUR'): Promise<TestBusiness> {
    const biz = await createBusiness(t, name, { currency });
    const res = await apiAs(t, biz).put('/business', PROFILE);
    expect(res.status).toBe(200);
    return biz;
  }

  describe('GET and PUT /business', () => {
    it('starts with every profile field null, and a partial update changes only what it sends', async () => {
      const biz = await createBusiness(t, 'Plain', { currency: 'EUR', timezone: 'Europe/Berlin' });
      const api = apiAs(t, biz);
      const before = (await api.get('/business').expect(200)).body.data;
      expect(before).toEqual({
        id: biz.business_id,
        name: 'Plain',
        currency: 'EUR',
        timezone: 'Europe/Berlin',
        legal_name: null,
        address_lines: null,
        tax_id: null,
        email: null,
        phone: null,
        invoice_footer: null,
        receipt_footer: null,
        email_configured: false,
        require_two_factor: false,
        prices_include_tax: false,
        shipping_tax_rate_id: null,
        key: { id: biz.key_id, name: 'Owner key', scopes: ['admin'] },
      });
      const put = await api.put('/business', PROFILE).expect(200);
      expect(put.body.data).toEqual({ ...before, ...PROFILE });
      const partial = await api.put('/business', { tax_id: null, phone: '+1 555 0100' }).expect(200);
      expect(partial.body.data).toEqual({ ...before, ...PROFILE, tax_id: null, phone: '+1 555 0100' });
      expect((await api.get('/business').expect(200)).body.data).toEqual(partial.body.data);
    });

    it.each([
      ['currency', { currency: 'USD' }],
      ['timezone', { timezone: 'UTC' }],
      ['six address lines', { address_lines: ['1', '2', '3', '4', '5', '6'] }],
      ['an address line over 200 characters', { address_lines: ['x'.repeat(201)] }],
      ['an address line that is not a string', { address_lines: [5] }],
      ['a footer over 1,000 characters', { invoice_footer: 'x'.repeat(1001) }],
      ['an email that is not one', { email: 'not-an-email' }],
      ['an empty name', { name: '' }],
      ['a null name', { name: null }],
      ['an unknown field', { colour: 'red' }],
    ])('refuses %s (400) and changes nothing', async (_what, body) => {
      const biz = await withProfile();
      const api = apiAs(t, biz);
      const before = (await api.get('/business')).body.data;
      const res = await api.put('/business', body);
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('VALIDATION_FAILED');
      expect((await api.get('/business')).body.data).toEqual(before);
    });

    it('a new name is what the next request sees (the API-key lookup is refreshed)', async () => {
      const biz = await createBusiness(t, 'Old Name');
      await apiAs(t, biz).put('/business', { name: 'New Name' }).expect(200);
      expect((await apiAs(t, biz).get('/business')).body.data.name).toBe('New Name');
    });
  });

  describe('GET /invoices/:id/pdf', () => {
    it('prints every field of docs/api.md 17 for an order invoice, amounts as the API gives them', async () => {
      const biz = await withProfile('Corner', 'EUR');
      const product = await seedProduct(t, biz, { name: 'Espresso beans 1kg', sku: 'BEANS-1', price: '12.50', stock: '100' });
      const order = (
        await apiAs(t, biz)
          .post('/orders', {
            customer: { name: 'Ada Lovelace', email: 'ada@example.com' },
            items: [{ product_id: product, quantity: 2 }],
            tax_amount: 4.75,
            send_invoice: true,
          })
          .expect(201)
      ).body.data;
      const invoice = (await apiAs(t, biz).get(`/invoices/${order.invoice_id}`).expect(200)).body.data;
      expect(invoice.email).toBeNull();

      const res = await pdf(biz, `/invoices/${order.invoice_id}/pdf`);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toBe(`inline; filename="${invoice.invoice_number}.pdf"`);
      const text = await pdfText(res.body);
      const expected = [
        'Corner Coffee',
        'Corner Coffee GmbH',
        'Hauptstraße 1',
        '10115 Berlin',
        'Germany',
        'Tax ID: DE123456789',
        'billing@corner.example',
        '+49 30 1234567',
        'Invoice',
        invoice.invoice_number,
        invoice.due_date,
        'Paid',
        invoice.paid_date,
        order.order_number,
        'Ada Lovelace',
        'ada@example.com',
        'Espresso beans 1kg',
        'BEANS-1',
        '12.50',
        '25.00',
        '4.75',
        '29.75 EUR',
        'Thank you for your business.',
        'IBAN DE89 3704 0044 0532 0130 00',
      ];
      for (const s of expected) expect(text).toContain(s);
      expect(text).toMatch(/Subtotal\s+25\.00 EUR/);
      expect(text).toMatch(/Tax\s+4\.75 EUR/);
      expect(text).toMatch(/Total\s+29\.75 EUR/);
      expect(text).toMatch(/Issue date:\s+\d{4}-\d{2}-\d{2}/);
    });

    it('renders the same text every time, with the issue date as its creation date', async () => {
      const biz = await withProfile();
      const product = await seedProduct(t, biz, { price: '3.00', stock: '10' });
      const order = (
        await apiAs(t, biz)
          .post('/orders', { items: [{ product_id: product, quantity: 1 }], send_invoice: true })
          .expect(201)
      ).body.data;
      const first = await pdf(biz, `/invoices/${order.invoice_id}/pdf`);
      const second = await pdf(biz, `/invoices/${order.invoice_id}/pdf`);
      expect(await pdfText(second.body)).toBe(await pdfText(first.body));
      const issued = (await pdfText(first.body)).match(/Issue date:\s+(\d{4}-\d{2}-\d{2})/)![1];
      expect(await pdfCreationDate(first.body)).toBe(`${issued}T00:00:00Z`);
      expect(await pdfCreationDate(second.body)).toBe(`${issued}T00:00:00Z`);
    });

    it('a manual invoice, unpaid, with a Cyrillic and a Greek name: no paid date, the SKU from the product', async () => {
      const biz = await withProfile('Магазин');
      await apiAs(t, biz).put('/business', { name: 'Магазин «Ромашка»' }).expect(200);
      const product = await seedProduct(t, biz, { name: 'Чай Αθηνά', sku: 'TEA-7', price: '1.00', stock: null });
      const customer = (await apiAs(t, biz).post('/customers', { name: 'Пётр Ильич Чайковский', email: 'pyotr@example.ru' }).expect(201)).body.data;
      const invoice = (
        await apiAs(t, biz)
          .post('/invoices', { customer_id: customer.id, items: [{ product_id: product, quantity: 1.5, price: 1234.5 }], due_date: '2027-01-31' })
          .expect(201)
      ).body.data;
      const text = await pdfText((await pdf(biz, `/invoices/${invoice.id}/pdf`)).body);
      for (const s of ['Магазин «Ромашка»', 'Пётр Ильич Чайковский', 'Чай Αθηνά', 'TEA-7', '1.5', '1234.50', '1851.75', 'Unpaid', '2027-01-31'])
        expect(text).toContain(s);
      expect(text).not.toContain('Paid date');
      expect(text).not.toContain('Sale number');
    });

    it('a 60-line invoice is complete over its pages, the totals on the last', async () => {
      const biz = await withProfile();
      const products = [];
      for (let i = 1; i <= 60; i++)
        products.push(await seedProduct(t, biz, { name: `Line product ${i}`, sku: `L-${String(i).padStart(3, '0')}`, price: `${i}.00`, stock: null }));
      const customer = (await apiAs(t, biz).post('/customers', { name: 'Bulk Buyer', email: 'bulk@example.com' }).expect(201)).body.data;
      const invoice = (
        await apiAs(t, biz)
          .post('/invoices', { customer_id: customer.id, items: products.map((product_id, i) => ({ product_id, quantity: 1, price: i + 1 })) })
          .expect(201)
      ).body.data;
      expect(invoice.total).toBe(1830);
      const pages = (await pdfText((await pdf(biz, `/invoices/${invoice.id}/pdf`)).body)).split('\f').filter((p) => p.trim() !== '');
      expect(pages.length).toBeGreaterThanOrEqual(2);
      const all = pages.join('\n');
      for (let i = 1; i <= 60; i++) {
        expect(all).toContain(`Line product ${i} `);
        expect(all).toContain(`L-${String(i).padStart(3, '0')}`);
      }
      expect(pages[pages.length - 1]).toMatch(/Total\s+1830\.00 EUR/);
      for (const page of pages.slice(0, -1)) expect(page).not.toMatch(/Total\s+1830/);
      pages.forEach((page, i) => expect(page).toContain(`page ${i + 1}`));
    });

    it("another business's invoice is 404, a malformed id 400", async () => {
      const a = await withProfile('A');
      const b = await withProfile('B');
      const product = await seedProduct(t, a, { stock: '5' });
      const order = (
        await apiAs(t, a)
          .post('/orders', { items: [{ product_id: product, quantity: 1 }], send_invoice: true })
          .expect(201)
      ).body.data;
      const res = await t.http().get(`/api/v1/invoices/${order.invoice_id}/pdf`).set(b.auth);
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe('NOT_FOUND');
      expect((await t.http().get('/api/v1/invoices/not-a-uuid/pdf').set(b.auth)).status).toBe(400);
      expect((await t.http().get(`/api/v1/invoices/${order.invoice_id.toUpperCase()}/pdf`).set(a.auth).buffer(true).parse(binaryParser)).status).toBe(200);
      expect((await request(t.app.getHttpServer()).get(`/api/v1/invoices/${order.invoice_id}/pdf`)).status).toBe(401);
    });
  });

  describe('GET /credit-notes/:id/pdf', () => {
    it('prints the credit note: its number, the invoice it credits, the returned lines and totals', async () => {
      const biz = await withProfile('Returns Shop');
      const product = await seedProduct(t, biz, { name: 'Mug', sku: 'MUG-1', price: '8.00', stock: '10' });
      const order = (
        await apiAs(t, biz)
          .post('/orders', { customer: { name: 'Olga', email: 'olga@example.com' }, items: [{ product_id: product, quantity: 3 }], send_invoice: true })
          .expect(201)
      ).body.data;
      const returned = (
        await apiAs(t, biz)
          .post(`/orders/${order.order_id}/returns`, { items: [{ sale_item_id: order.items[0].id, quantity: 2 }] })
          .expect(201)
      ).body.data;
      const note = (await apiAs(t, biz).get(`/credit-notes/${returned.credit_note_id}`).expect(200)).body.data;
      const res = await pdf(biz, `/credit-notes/${note.id}/pdf`);
      expect(res.status).toBe(200);
      expect(res.headers['content-disposition']).toBe(`inline; filename="${note.credit_note_number}.pdf"`);
      const text = await pdfText(res.body);
      for (const s of [
        'Credit note',
        note.credit_note_number,
        note.invoice_number,
        'Corner Coffee GmbH',
        'Olga',
        'olga@example.com',
        'Mug',
        'MUG-1',
        '8.00',
        '16.00',
      ])
        expect(text).toContain(s);
      expect(text).toMatch(/Total\s+16\.00 EUR/);
      const other = await withProfile('Other');
      expect((await t.http().get(`/api/v1/credit-notes/${note.id}/pdf`).set(other.auth)).status).toBe(404);
    });
  });
});
