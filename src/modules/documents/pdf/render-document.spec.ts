import { readFileSync } from 'fs';
import { pdfText } from '../../../../test/helpers/pdf-text';
import { DocumentLine, DocumentModel } from '../document-model';
import type { renderDocument as RenderDocument } from './render-document';

function modelOf(lines: DocumentLine[], footer: string | null = 'Thank you for your business.'): DocumentModel {
  return {
    businessId: '00000000-0000-4000-8000-000000000001',
    title: 'Invoice',
    number: 'INV-0042',
    currency: 'EUR',
    issueDate: '2026-11-27',
    facts: [
      ['Invoice number', 'INV-0042'],
      ['Issue date', '2026-11-27'],
    ],
    seller: { name: 'Corner Coffee', legalName: null, addressLines: ['Hauptstraße 1'], taxId: null, email: null, phone: null },
    customer: { name: 'Ada Lovelace', email: 'ada@example.com' },
    lines,
    totals: [
      ['Subtotal', 10],
      ['Tax', 0],
      ['Total', 10],
    ],
    taxLines: [],
    pricesIncludeTax: false,
    footer,
  };
}

const sku = (i: number) => `L${String(i).padStart(3, '0')}`;

async function pdfOf(render: typeof RenderDocument, model: DocumentModel): Promise<Buffer> {
  const doc = render(model);
  const chunks: Buffer[] = [];
  for await (const chunk of doc) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The text of each page (pdftotext's form feeds), the empty page after the last dropped. */
async function pagesOf(pdf: Buffer): Promise<string[]> {
  const pages = (await pdfText(pdf)).split('\f');
  if (pages[pages.length - 1].trim() === '') pages.pop();
  return pages;
}

/** The page (0-based) holding `text`, or -1; each text is expected on one page only. */
function pageOf(pages: string[], text: string | RegExp): number {
  const found = pages.map((p, i) => ((typeof text === 'string' ? p.includes(text) : text.test(p)) ? i : -1)).filter((i) => i >= 0);
  expect(found.length).toBeLessThanOrEqual(1);
  return found[0] ?? -1;
}

function expectCaptions(pages: string[]): void {
  pages.forEach((page, i) => expect(page).toContain(`Invoice INV-0042 · page ${i + 1} of ${pages.length}`));
}

describe('renderDocument: every line a block on one page, every page numbered', () => {
  const { renderDocument } = jest.requireActual<typeof import('./render-document')>('./render-document');

  it('100 lines of multi-line names: each name with its quantity and amounts, "page n of m" on every page', async () => {
    // odd lines: 16 text lines (~170 pt); even ones: 87 (~910 pt, taller than a page), each name at most 200 characters
    const lines = Array.from({ length: 100 }, (_, k) => {
      const i = k + 1;
      const middle = i % 2 === 1 ? Array.from({ length: 14 }, (_, j) => `detail ${j + 1}`) : Array.from({ length: 85 }, () => 'w');
      const name = [`Product ${i} first`, ...middle, `end of ${i}.`].join('\n');
      expect(name.length).toBeLessThanOrEqual(200);
      return { name, sku: sku(i), quantity: 3, unitPrice: 1.5 + i, total: 3 * (1.5 + i) };
    });
    const pages = await pagesOf(await pdfOf(renderDocument, modelOf(lines)));
    expectCaptions(pages);
    // the tall names print their lines side by side: under 10 lines each, so 100 rows on about 20 pages
    expect(pages.length).toBeLessThanOrEqual(30);
    for (const { name, sku: code, total } of lines) {
      const [first, last] = [name.split('\n')[0], name.split('\n').pop()!];
      const at = pageOf(pages, new RegExp(`${first}\\b.*\\s${code}\\s+3\\s+\\d+\\.50\\s+${total.toFixed(2)}`));
      expect(at).toBeGreaterThanOrEqual(0);
      expect(pageOf(pages, last)).toBe(at);
    }
    expect(pages[pages.length - 1]).toMatch(/Total\s+10\.00 EUR/);
  });

  it('a name taller than a page keeps to one page beside its quantity and amounts', async () => {
    const tall = Array.from({ length: 100 }, (_, j) => `w${j}`).join('\n'); // 100 lines: ~1,050 pt, a page holds ~720
    const lines = [
      { name: 'Before', sku: sku(1), quantity: 1, unitPrice: 2, total: 2 },
      { name: tall, sku: sku(2), quantity: 7, unitPrice: 3, total: 21 },
      { name: 'After', sku: sku(3), quantity: 1, unitPrice: 4, total: 4 },
    ];
    const pages = await pagesOf(await pdfOf(renderDocument, modelOf(lines)));
    expectCaptions(pages);
    expect(pages.length).toBeLessThanOrEqual(2);
    const at = pageOf(pages, /w0\b.*L002\s+7\s+3\.00\s+21\.00/);
    expect(at).toBeGreaterThanOrEqual(0);
    expect(pageOf(pages, /\bw99\b/)).toBe(at); // the whole name is printed, on the row's page
  });

  it('a footer taller than a page continues on numbered pages, every line of it printed once, in order', async () => {
    const footerLines = Array.from({ length: 76 }, (_, j) => `Footer ${String(j + 1).padStart(2, '0')}`);
    const footer = footerLines.join('\n'); // 76 lines, 915 characters
    const lines = [{ name: 'Mug', sku: sku(1), quantity: 1, unitPrice: 10, total: 10 }];
    const pages = await pagesOf(await pdfOf(renderDocument, modelOf(lines, footer)));
    expectCaptions(pages);
    expect(pages.length).toBe(2);
    const text = pages.join('\n');
    const at = footerLines.map((l) => text.indexOf(l));
    for (const i of at) expect(i).toBeGreaterThanOrEqual(0);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
  });

  it('prints each rate with its taxable amount and tax under the totals, and "Prices include tax"; nothing without tax lines', async () => {
    const lines = [{ name: 'Beans', sku: 'B1', quantity: 1, unitPrice: 10, total: 10 }];
    const taxed = {
      ...modelOf(lines),
      taxLines: [
        { name: 'VAT', rate: 19, taxable: 8.4, tax: 1.6 },
        { name: 'Reduced', rate: 7.5, taxable: 100, tax: 7.5 },
      ],
      pricesIncludeTax: true,
    };
    const text = (await pdfText(await pdfOf(renderDocument, taxed))).replace(/[ \t]+/g, ' ');
    expect(text).toMatch(/Prices include tax\s*\n\s*Tax rate Taxable amount Tax\s*\n\s*VAT 19% 8\.40 1\.60\s*\n\s*Reduced 7\.5% 100\.00 7\.50/);
    const plain = await pdfText(await pdfOf(renderDocument, modelOf(lines)));
    expect(plain).not.toContain('Taxable amount');
    expect(plain).not.toContain('Prices include tax');
  });
});

describe("renderDocument: each document's text layer is its own", () => {
  it('reads the text exactly after a document that drew ~3,000 distinct glyphs of the font', async () => {
    // a fresh module: the fonts as a new process parses them, none of their glyphs drawn yet
    let render!: typeof RenderDocument;
    let characters!: number[];
    jest.isolateModules(() => {
      render = jest.requireActual<typeof import('./render-document')>('./render-document').renderDocument;
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const fontkit = require('fontkit') as { create(b: Buffer): { characterSet: number[] } };
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const { REGULAR_FONT } = require('./document-fonts') as typeof import('./document-fonts');
      characters = fontkit.create(readFileSync(REGULAR_FONT)).characterSet;
    });
    // beyond ASCII and the C1 controls: accented letters built of the plain ones (Ĺ is L and an accent), Greek, Cyrillic, symbols
    const many = characters.filter((c) => c > 0xa0).slice(0, 3000);
    expect(many.length).toBe(3000);
    const manyLines = Array.from({ length: 15 }, (_, k) => ({
      name: String.fromCodePoint(...many.slice(k * 200, k * 200 + 200)),
      sku: `M${k}`,
      quantity: 1,
      unitPrice: 1,
      total: 1,
    }));
    await pdfOf(render, { ...modelOf(manyLines), number: 'INV-0001' });

    const plain = [
      { name: 'Line product 1', sku: 'L001', quantity: 2, unitPrice: 1.25, total: 2.5 },
      { name: 'Zebra dolly kayak', sku: 'PLMNO-7', quantity: 1, unitPrice: 7.5, total: 7.5 },
    ];
    const text = await pdfText(await pdfOf(render, modelOf(plain)));
    for (const s of ['Corner Coffee', 'Hauptstraße 1', 'Ada Lovelace', 'ada@example.com', 'Line product 1', 'L001', 'Zebra dolly kayak', 'PLMNO-7'])
      expect(text).toContain(s);
    expect(text).toMatch(/Total\s+10\.00 EUR/);
  });
});
