import { pdfText, popplerOutput } from '../../../../test/helpers/pdf-text';
import { scanCode128 } from '../../../../test/helpers/code128-scan';
import { ReceiptLine, ReceiptModel } from '../receipt-model';
import { RenderStopped } from './render-document';
import { renderReceipt, RECEIPT_WIDTH } from './render-receipt';

function receiptModel(lines: ReceiptLine[], overrides: Partial<ReceiptModel> = {}): ReceiptModel {
  return {
    kind: 'receipt',
    businessId: '00000000-0000-4000-8000-000000000001',
    number: 'S-0042',
    currency: 'EUR',
    seller: { name: 'Corner Coffee', legalName: null, addressLines: ['Hauptstraße 1'], taxId: 'DE1', phone: null, email: null },
    soldAt: '2026-11-28 10:04',
    createdAt: '2026-11-28T09:04:05.123Z',
    soldBy: 'Ana',
    customer: null,
    status: null,
    lines,
    subtotal: 10,
    discount: 0,
    shipping: 0,
    taxLines: [{ name: 'Tax', rate: null, net: null, tax: 0 }],
    pricesIncludeTax: false,
    total: 10,
    refunded: 0,
    paymentMethod: 'cash',
    tendered: null,
    change: null,
    loyalty: null,
    footer: null,
    ...overrides,
  };
}

async function pdfOf(model: ReceiptModel): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of renderReceipt(model)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const line = (i: number, name = `Product ${i}`): ReceiptLine => ({ name, quantity: i, unitPrice: 1.5, discount: 0, total: i * 1.5 });

describe('renderReceipt: one 80 mm page as long as its lines', () => {
  it('100 lines of 200-character names: one page, every amount, within the 200-inch page limit of PDF readers', async () => {
    const long = (i: number) => `${i} ${'Very long product name '.repeat(9)}`.slice(0, 200);
    const pdf = await pdfOf(receiptModel(Array.from({ length: 100 }, (_, i) => line(i + 1, long(i + 1)))));
    const info = await popplerOutput('pdfinfo', [], pdf);
    expect(info).toMatch(/^Pages:\s+1$/m);
    const [, width, height] = /^Page size:\s+([\d.]+) x ([\d.]+) pts/m.exec(info)!;
    expect(Number(width)).toBe(RECEIPT_WIDTH);
    expect(Number(height)).toBeLessThanOrEqual(14_400);
    const text = (await pdfText(pdf)).replace(/[ \t]+/g, ' ');
    for (let i = 1; i <= 100; i++) expect(text).toContain(`${i} x 1.50 ${(i * 1.5).toFixed(2)}`);
  });

  it('a name of many line breaks is joined, then cut with an ellipsis: its amounts stay right below it', async () => {
    const name = Array.from({ length: 150 }, (_, i) => `part${i}`).join('\n');
    const text = await pdfText(await pdfOf(receiptModel([line(3, name)])));
    expect(text).toContain('part0 part1');
    expect(text).toMatch(/…\s*\n\s*3 x 1\.50\s+4\.50/);
  });

  it('tax lines with a rate print their rate and net', async () => {
    const model = receiptModel([line(1)], {
      taxLines: [
        { name: 'VAT', rate: 19, net: 100, tax: 19 },
        { name: 'VAT reduced', rate: 7, net: 50, tax: 3.5 },
      ],
    });
    const text = (await pdfText(await pdfOf(model))).replace(/[ \t]+/g, ' ');
    expect(text).toContain('VAT 19% on 100.00 19.00');
    expect(text).toContain('VAT reduced 7% on 50.00 3.50');
    expect(text).not.toContain('Prices include tax');
  });

  it('says the prices include tax when they do', async () => {
    const model = receiptModel([line(1)], { pricesIncludeTax: true, taxLines: [{ name: 'VAT', rate: 7.5, net: 10, tax: 0.75 }] });
    const text = (await pdfText(await pdfOf(model))).replace(/[ \t]+/g, ' ');
    expect(text).toMatch(/Prices include tax\s*\n\s*VAT 7\.5% on 10\.00 0\.75/);
  });

  it.each(['S-0001', 'S-9999999', 'S-123456789012'])('the barcode of %s scans as it, whatever its length', async (number) => {
    expect(await scanCode128(await pdfOf(receiptModel([line(1)], { number })))).toEqual([number]);
  });

  it('stops between blocks when asked', () => {
    let asked = 0;
    expect(() => renderReceipt(receiptModel([line(1), line(2)]), () => ++asked > 3)).toThrow(RenderStopped);
  });
});
