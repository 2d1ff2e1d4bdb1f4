import { seedProduct } from './helpers/orders-fixtures';
import { scanCode128 } from './helpers/code128-scan';
import { binaryParser, pdfCreationDate, pdfText, popplerOutput } from './helpers/pdf-text';
import { apiAs, countRows, createBusiness, startTestApp, TestApp, TestBusiness } from './helpers/test-app';

/**
 * docs/api.md 21: GET /orders/:id/receipt, read back as text (pdftotext), measured (pdfinfo), checked
 * for images (pdfimages) and scanned (its barcode read from the page rendered by pdftoppm); the
 * receipt footer of the profile; `email_configured` and POST /orders/:id/receipt/send without SMTP.
 * The mail itself: test/receipt-mail.e2e-spec.ts.
 */
describe('receipts', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const PROFILE = {
    legal_name: 'Corner Coffee GmbH',
    address_lines: ['Hauptstraße 1', '10115 Berlin'],
    tax_id: 'DE123456789',
    receipt_footer: 'Thank you for shopping with us!\nReturns within 30 days with this receipt.',
  };

  async function shop(timezone = 'Europe/Berlin'): Promise<TestBusiness> {
    const biz = await createBusiness(t, 'Corner Coffee', { currency: 'EUR', timezone });
    await apiAs(t, biz).put('/business', PROFILE).expect(200);
    return biz;
  }

  const receipt = (biz: TestBusiness | { auth: Record<string, string> }, id: string) =>
    t.http().get(`/api/v1/orders/${id}/receipt`).set(biz.auth).buffer(true).parse(binaryParser);

  async function receiptPdf(biz: TestBusiness | { auth: Record<string, string> }, order: { order_id: string; order_number: string }): Promise<Buffer> {
    const res = await receipt(biz, order.order_id);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`inline; filename="${order.order_number}.pdf"`);
    return res.body as Buffer;
  }

  /** The text's lines, their runs of spaces made one: `Subtotal 29.50`. */
  const linesOf = (text: string) =>
    text
      .split('\n')
      .map((l) => l.trim().replace(/\s+/g, ' '))
      .filter((l) => l !== '');

  /** pdfinfo's page count and page size in points. */
  async function pageOf(pdf: Buffer): Promise<{ pages: number; width: number; height: number }> {
    const info = await popplerOutput('pdfinfo', [], pdf);
    const size = /^Page size:\s+([\d.]+) x ([\d.]+) pts/m.exec(info)!;
    return { pages: Number(/^Pages:\s+(\d+)/m.exec(info)![1]), width: Number(size[1]), height: Number(size[2]) };
  }

  /** `pdfimages -list`'s rows below its two header lines: one per image in the PDF. */
  const imagesIn = async (pdf: Buffer) =>
    (await popplerOutput('pdfimages', ['-list'], pdf))
      .split('\n')
      .slice(2)
      .filter((l) => l.trim() !== '');

  it('prints everything docs/api.md 21 lists, in the business zone, and a barcode that scans as the order number', async () => {
    const biz = await shop();
    const till = (
      await apiAs(t, biz)
        .post('/api-keys', { name: 'Counter 1', scopes: ['sales', 'orders:read', 'customers'] })
        .expect(201)
    ).body.data.api_key;
    const counter = { auth: { Authorization: `Bearer ${till}` } };
    const beans = await seedProduct(t, biz, { name: 'Espresso beans 1kg', sku: 'BEANS', price: '12.50' });
    const milk = await seedProduct(t, biz, { name: 'Oat milk', sku: 'OAT', price: '2.40' });
    const body = {
      customer: { name: 'Ada Lovelace', email: 'ada@example.com' },
      items: [
        { product_id: beans, quantity: 2 },
        { product_id: milk, quantity: 1.5, discount: 0.6 },
      ],
      tax_amount: 4.75,
      discount_amount: 1,
      payment_method: 'cash',
    };
    const placed = await t.http().post('/api/v1/orders').set(counter.auth).send(body).expect(201);
    const order = placed.body.data;
    // a second sale to the same customer: the first receipt shows the balance now, not then
    const later = await t
      .http()
      .post('/api/v1/orders')
      .set(counter.auth)
      .send({ ...body, discount_amount: 0 })
      .expect(201);
    // in Berlin's first hour of summer time: 01:30 UTC is 03:30 CEST (02:30 never happened)
    await t.db.query(`UPDATE sales SET created_at = '2026-03-29T01:30:00Z', cash_tendered = 50, change_due = 50 - total WHERE business_id = $1 AND id = $2`, [
      biz.business_id,
      order.order_id,
    ]);

    const pdf = await receiptPdf(counter, order);
    const lines = linesOf(await pdfText(pdf));
    const totalText = order.total.toFixed(2);
    const expected = [
      'Corner Coffee',
      'Corner Coffee GmbH',
      'Hauptstraße 1',
      '10115 Berlin',
      'Tax ID: DE123456789',
      `Receipt ${order.order_number}`,
      'Date 2026-03-29 03:30',
      'Sold by Counter 1',
      'Customer Ada Lovelace',
      'Espresso beans 1kg',
      '2 x 12.50 25.00',
      'Oat milk',
      '1.5 x 2.40 3.00',
      'Discount -0.60',
      `Subtotal ${order.subtotal.toFixed(2)}`,
      'Discount -1.00',
      'Tax 4.75',
      `Total ${totalText} EUR`,
      'Payment Cash',
      'Tendered 50.00',
      `Change ${(50 - order.total).toFixed(2)}`,
      `Points earned ${order.loyalty_points_earned}`,
      `Points balance ${order.loyalty_points_earned + later.body.data.loyalty_points_earned}`,
      order.order_number,
      'Thank you for shopping with us!',
      'Returns within 30 days with this receipt.',
    ];
    for (const line of expected) expect(lines).toContain(line);
    // in the order printed
    const at = expected.map((line) => lines.indexOf(line));
    expect([...at].sort((a, b) => a - b)).toEqual(at);

    expect(await pageOf(pdf)).toEqual({ pages: 1, width: 226.77, height: expect.any(Number) });
    expect(await imagesIn(pdf)).toEqual([]); // the barcode is vectors
    expect(await scanCode128(pdf)).toEqual([order.order_number]);
    expect(await pdfCreationDate(pdf)).toBe('2026-03-29T01:30:00Z');
  });

  it('prints the local time on either side of a DST change, and no tender, change or points when there are none', async () => {
    const biz = await shop('America/New_York');
    const product = await seedProduct(t, biz, { name: 'Bagel', price: '3.00' });
    const order = (
      await apiAs(t, biz)
        .post('/orders', { items: [{ product_id: product, quantity: 1 }], payment_method: 'card' })
        .expect(201)
    ).body.data;
    // New York falls back on 2026-11-01: 05:30 UTC is 01:30 EDT, 06:30 UTC is 01:30 EST, 07:30 UTC 02:30 EST
    for (const [utc, local] of [
      ['2026-11-01T05:30:00Z', '2026-11-01 01:30'],
      ['2026-11-01T06:30:00Z', '2026-11-01 01:30'],
      ['2026-11-01T07:30:00Z', '2026-11-01 02:30'],
      ['2026-11-01T03:59:00Z', '2026-10-31 23:59'],
    ]) {
      await t.db.query(`UPDATE sales SET created_at = $3 WHERE business_id = $1 AND id = $2`, [biz.business_id, order.order_id, utc]);
      const lines = linesOf(await pdfText(await receiptPdf(biz, order)));
      expect(lines).toContain(`Date ${local}`);
    }
    const text = await pdfText(await receiptPdf(biz, order));
    expect(text).toContain('Payment');
    expect(text).toContain('Card');
    for (const absent of ['Tendered', 'Change', 'Points', 'Customer', 'Shipping', 'Refunded']) expect(text).not.toContain(absent);
  });

  it('a 30-line order is complete on one page; a long name wraps above its own amounts', async () => {
    const biz = await shop('UTC');
    const long = 'Single-origin Ethiopian Yirgacheffe whole-bean coffee, washed process, light roast, 1 kg resealable bag with valve';
    const products = [];
    for (let i = 1; i <= 30; i++) {
      products.push(await seedProduct(t, biz, { name: i === 15 ? long : `Line product ${String(i).padStart(2, '0')}`, price: `${i}.25`, stock: '1000' }));
    }
    const order = (
      await apiAs(t, biz)
        .post('/orders', { items: products.map((product_id, i) => ({ product_id, quantity: i + 1 })), payment_method: 'bank_transfer' })
        .expect(201)
    ).body.data;
    expect(order.items).toHaveLength(30);
    const pdf = await receiptPdf(biz, order);
    const page = await pageOf(pdf);
    expect(page.pages).toBe(1);
    expect(page.width).toBe(226.77);
    expect(page.height).toBeGreaterThan(30 * 20);
    const lines = linesOf(await pdfText(pdf));
    order.items.forEach((item: { product_name: string; quantity: number; unit_price: number; total: number }) => {
      const amounts = `${item.quantity} x ${item.unit_price.toFixed(2)} ${item.total.toFixed(2)}`;
      expect(lines).toContain(amounts);
      if (item.product_name !== long) expect(lines[lines.indexOf(amounts) - 1]).toBe(item.product_name);
    });
    // the long name: its words in the lines just above its amounts, nothing else between
    const amounts = lines.indexOf(`15 x 15.25 ${(15 * 15.25).toFixed(2)}`);
    const above = lines.slice(lines.indexOf('Line product 14') + 2, amounts);
    expect(above.length).toBeGreaterThan(1);
    expect(above.join(' ').replace(/- /g, '-')).toBe(long); // a line may break after a hyphen
    expect(lines).toContain(`Total ${order.total.toFixed(2)} EUR`);
    expect(lines).toContain('Payment Bank transfer');
    expect(await scanCode128(pdf)).toEqual([order.order_number]);
  });

  it("404 for another business's order and for none; 400 for a malformed id; the cancelled order says so", async () => {
    const biz = await shop();
    const product = await seedProduct(t, biz, { price: '5.00' });
    const order = (
      await apiAs(t, biz)
        .post('/orders', { items: [{ product_id: product, quantity: 1 }] })
        .expect(201)
    ).body.data;
    const other = await createBusiness(t, 'Other');
    for (const [who, path, status] of [
      [other, `/orders/${order.order_id}/receipt`, 404],
      [biz, '/orders/00000000-0000-4000-8000-000000000000/receipt', 404],
      [biz, '/orders/not-a-uuid/receipt', 400],
    ] as const) {
      const res = await apiAs(t, who).get(path);
      expect(res.status).toBe(status);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
    }
    await apiAs(t, biz).post(`/orders/${order.order_id}/cancel`, { reason: 'Changed mind' }).expect(200);
    const lines = linesOf(await pdfText(await receiptPdf(biz, order)));
    expect(lines).toContain(`Receipt ${order.order_number} Cancelled`);
    expect(lines).toContain('Refunded 5.00');
  });

  describe('the profile: receipt_footer and email_configured', () => {
    it('GET /business shows both; PUT sets and clears the footer', async () => {
      const biz = await createBusiness(t, 'Plain');
      const api = apiAs(t, biz);
      const before = (await api.get('/business').expect(200)).body.data;
      expect(before.receipt_footer).toBeNull();
      expect(before.email_configured).toBe(false);
      const footer = 'Thanks!\n\nwww.corner.example';
      expect((await api.put('/business', { receipt_footer: footer }).expect(200)).body.data).toEqual({ ...before, receipt_footer: footer });
      expect((await api.get('/business').expect(200)).body.data.receipt_footer).toBe(footer);
      expect((await api.put('/business', { receipt_footer: null }).expect(200)).body.data).toEqual(before);
    });

    it.each([
      ['over 1,000 characters', 'x'.repeat(1001)],
      ['a number', 5],
      ['a NUL', 'Thanks\u0000'],
      ['a carriage return', 'Thanks\r\nBcc: evil@attacker.test'],
    ])('refuses a receipt_footer of %s (400) and changes nothing', async (_what, value) => {
      const biz = await shop();
      const before = (await apiAs(t, biz).get('/business')).body.data;
      const res = await apiAs(t, biz).put('/business', { receipt_footer: value });
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('VALIDATION_FAILED');
      expect([...new Set(res.body.error.details.map((d: { field: string }) => d.field))]).toEqual(['receipt_footer']);
      expect((await apiAs(t, biz).get('/business')).body.data).toEqual(before);
    });

    it('email_configured is not a field a client sets (400)', async () => {
      const biz = await shop();
      const res = await apiAs(t, biz).put('/business', { email_configured: true });
      expect(res.status).toBe(400);
    });
  });

  it('POST /orders/:id/receipt/send without SMTP_URL: 422 EMAIL_NOT_CONFIGURED, nothing queued; 404 before it for another business', async () => {
    const biz = await shop();
    const product = await seedProduct(t, biz, { price: '5.00' });
    const order = (
      await apiAs(t, biz)
        .post('/orders', { customer: { email: 'ada@example.com' }, items: [{ product_id: product, quantity: 1 }] })
        .expect(201)
    ).body.data;
    for (const body of [{}, { to: 'someone@example.com' }]) {
      const res = await apiAs(t, biz).post(`/orders/${order.order_id}/receipt/send`, body);
      expect(res.status).toBe(422);
      expect(res.body.error.code).toBe('EMAIL_NOT_CONFIGURED');
    }
    const other = await createBusiness(t, 'Other');
    expect((await apiAs(t, other).post(`/orders/${order.order_id}/receipt/send`, {})).status).toBe(404);
    expect(await countRows(t, 'invoice_emails', biz.business_id)).toBe(0);
    const activity = await t.db.query(`SELECT count(*)::int AS n FROM activity_entries WHERE business_id = $1 AND action = 'orders.send_receipt'`, [
      biz.business_id,
    ]);
    expect(activity[0].n).toBe(0);
  });
});
