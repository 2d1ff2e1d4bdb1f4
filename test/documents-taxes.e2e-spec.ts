import { binaryParser, pdfText } from './helpers/pdf-text';
import { apiAs, createBusiness, startTestApp, TestApp, TestBusiness } from './helpers/test-app';

/**
 * docs/api.md 22's documents: an invoice, a receipt and a credit note of a sale at two rates with
 * prices that include tax print each rate's name, rate, taxable amount and tax, "Prices include tax"
 * and the business's tax id, read back as text (pdftotext) and compared with the API's JSON.
 */
describe('documents with tax rates', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const pdf = async (biz: TestBusiness, path: string): Promise<string> => {
    const res = await t.http().get(`/api/v1${path}`).set(biz.auth).buffer(true).parse(binaryParser);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    // runs of spaces made one: "VAT 19% 21.01 3.99"
    return (await pdfText(res.body as Buffer)).replace(/[ \t]+/g, ' ');
  };

  interface TaxLineJson {
    tax_rate_id: string;
    name: string;
    rate: number;
    taxable_amount: number;
    tax_amount: number;
  }
  const two = (n: number) => n.toFixed(2);

  /** A shop whose prices include tax: VAT 19% (the default) and Reduced 7%, beans at the default rate, oat milk at the reduced one, and a sale of both with its invoice. */
  async function taxedSale(inclusive: boolean) {
    const biz = await createBusiness(t, 'Corner Coffee', { currency: 'EUR', timezone: 'Europe/Berlin' });
    const api = apiAs(t, biz);
    await api.put('/business', { legal_name: 'Corner Coffee GmbH', tax_id: 'DE123456789', prices_include_tax: inclusive }).expect(200);
    const vat = (await api.post('/tax-rates', { name: 'VAT', rate: 19, is_default: true }).expect(201)).body.data;
    const reduced = (await api.post('/tax-rates', { name: 'Reduced', rate: 7 }).expect(201)).body.data;
    const beans = (await api.post('/products', { name: 'Espresso beans', sku: 'BEANS', price: 12.5 }).expect(201)).body.data.id as string;
    const milk = (await api.post('/products', { name: 'Oat milk', sku: 'OAT', price: 2.4, tax_rate_id: reduced.id }).expect(201)).body.data.id as string;
    for (const product_id of [beans, milk]) await api.post('/stock/adjustments', { product_id, quantity: 10, reason: 'restock' }).expect(201);
    const order = (
      await api
        .post('/orders', {
          customer: { name: 'Ada Lovelace', email: 'ada@example.com' },
          items: [
            { product_id: beans, quantity: 2 },
            { product_id: milk, quantity: 1 },
          ],
          payment_method: 'card',
          send_invoice: true,
        })
        .expect(201)
    ).body.data;
    return { biz, api, vat, reduced, order };
  }

  /** Every tax line of the JSON, as the document's tax table prints it: name, rate, taxable amount, tax. */
  function expectTaxTable(text: string, lines: TaxLineJson[]): void {
    expect(text).toContain('Tax rate Taxable amount Tax');
    for (const line of lines) expect(text).toContain(`${line.name} ${line.rate}% ${two(line.taxable_amount)} ${two(line.tax_amount)}`);
  }

  it('the receipt and the invoice print each rate, "Prices include tax" and the tax id', async () => {
    const { biz, api, order } = await taxedSale(true);
    // the sale's figures (docs/api.md 22, inclusive): VAT on 25.00 gross is 25.00 - 21.01; Reduced on 2.40 is 2.40 - 2.24
    expect(order).toMatchObject({ subtotal: 27.4, tax_amount: 4.15, total: 27.4, tax_included: true });
    expect(order.tax_lines).toEqual([
      expect.objectContaining({ name: 'VAT', rate: 19, taxable_amount: 21.01, tax_amount: 3.99 }),
      expect.objectContaining({ name: 'Reduced', rate: 7, taxable_amount: 2.24, tax_amount: 0.16 }),
    ]);

    const receiptText = await pdf(biz, `/orders/${order.order_id}/receipt`);
    expect(receiptText).toContain('Tax ID: DE123456789');
    expect(receiptText).toMatch(/Prices include tax\s*\n\s*VAT 19% on 21\.01 3\.99\s*\n\s*Reduced 7% on 2\.24 0\.16\s*\n\s*Total 27\.40 EUR/);

    const invoice = (await api.get(`/invoices/${order.invoice_id}`).expect(200)).body.data;
    expect([invoice.tax_lines, invoice.tax_included]).toEqual([order.tax_lines, true]);
    const invoiceText = await pdf(biz, `/invoices/${order.invoice_id}/pdf`);
    expect(invoiceText).toContain('Tax ID: DE123456789');
    expect(invoiceText).toContain('Prices include tax');
    expectTaxTable(invoiceText, order.tax_lines);
    expect(invoiceText).toContain('VAT 19% 21.01 3.99');
    expect(invoiceText).toContain('Reduced 7% 2.24 0.16');
    expect(invoiceText).toMatch(/Total 27\.40 EUR/);
  });

  it("the credit note of a return prints the return's tax per rate, and exclusive prices print no 'Prices include tax'", async () => {
    const { biz, api, order } = await taxedSale(true);
    expect(order.invoice_id).toEqual(expect.any(String));
    const beansLine = order.items.find((i: { sku: string }) => i.sku === 'BEANS');
    const returned = (await api.post(`/orders/${order.order_id}/returns`, { items: [{ sale_item_id: beansLine.id, quantity: 1 }] }).expect(201)).body.data;
    const note = (await api.get(`/credit-notes/${returned.credit_note_id}`).expect(200)).body.data;
    // half of VAT's 3.99, rounded half up (docs/api.md 22's returns): the credit note's tax is its return's
    expect(returned.tax_lines).toEqual([expect.objectContaining({ name: 'VAT', rate: 19, tax_amount: 2 })]);
    expect(note.tax_amount).toBe(2);
    const noteText = await pdf(biz, `/credit-notes/${note.id}/pdf`);
    expect(noteText).toContain('Tax ID: DE123456789');
    expect(noteText).toContain('Prices include tax');
    expect(note.tax_lines).toEqual(returned.tax_lines);
    expectTaxTable(noteText, note.tax_lines);
    expect(noteText).toContain('VAT 19% 10.50 2.00');
    expect(noteText).not.toContain('Reduced 7%');

    const plain = await taxedSale(false);
    // exclusive prices: 19% of 25.00 and 7% of 2.40 (0.168, rounded half up) added to the subtotal
    expect(plain.order).toMatchObject({ subtotal: 27.4, tax_amount: 4.92, total: 32.32 });
    const plainText = await pdf(plain.biz, `/invoices/${plain.order.invoice_id}/pdf`);
    expect(plainText).not.toContain('Prices include tax');
    expect(plainText).toContain('VAT 19% 25.00 4.75');
    expect(plainText).toContain('Reduced 7% 2.40 0.17');
    const plainReceipt = await pdf(plain.biz, `/orders/${plain.order.order_id}/receipt`);
    expect(plainReceipt).not.toContain('Prices include tax');
    expect(plainReceipt).toContain('VAT 19% on 25.00 4.75');
  });
});
