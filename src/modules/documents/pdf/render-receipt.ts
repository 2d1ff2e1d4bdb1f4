import PDFDocument from 'pdfkit';
import { money, quantity } from '../document-model';
import { wordsOf, ReceiptLine, ReceiptModel, taxLabel } from '../receipt-model';
import { code128Bars } from './code128';
import { documentFonts } from './document-fonts';
import { RenderStopped } from './render-document';

/** 80 mm in points: a till roll's width. */
export const RECEIPT_WIDTH = 226.77;
const SIDE = 12;
const TOP = 14;
const BOTTOM = 18;
const CONTENT = RECEIPT_WIDTH - 2 * SIDE;
const SIZE = 8;
/** A name is printed in at most this many lines; a taller one has its line breaks joined, then ends in an ellipsis (as invoices do). */
const NAME_MAX_LINES = 12;
const BAR_HEIGHT = 40;
const QUIET_MODULES = 10;

type Doc = PDFKit.PDFDocument;

/** A piece of the receipt laid out whole: its height first (so the page is as long as they need), then drawn at a y. */
interface Block {
  height(doc: Doc): number;
  draw(doc: Doc, y: number): void;
}

/**
 * The receipt as a PDF stream (docs/api.md 21): one page 80 mm wide and as long as its blocks need,
 * top to bottom: the letterhead, the order's number, time, seller and customer, each line (its name
 * wrapped within its block, its quantity, unit price and total below it), the totals with a line per
 * tax, the payment with tendered and change, the loyalty points, a Code 128 barcode of the order
 * number drawn as rectangles (vectors: it scans at any zoom) and the footer. Every block is measured
 * before the page is made, then drawn; `stopped` is asked between blocks in both passes, and a true
 * answer ends the render with RenderStopped. Its creation date is the sale's, so the same receipt
 * renders the same every time.
 */
export function renderReceipt(model: ReceiptModel, stopped: () => boolean = () => false): Doc {
  const at = new Date(model.createdAt);
  const doc = new PDFDocument({
    autoFirstPage: false,
    info: { Title: `Receipt ${model.number}`, Author: model.seller.name, Creator: 'backoffice-commerce-api', CreationDate: at, ModDate: at },
  });
  const fonts = documentFonts();
  doc.registerFont('regular', fonts.regular as unknown as string);
  doc.registerFont('bold', fonts.bold as unknown as string);
  const checkpoint = () => {
    if (stopped()) throw new RenderStopped();
  };
  const blocks = blocksOf(model);
  let height = TOP + BOTTOM;
  const heights = blocks.map((block) => {
    checkpoint();
    const h = block.height(doc);
    height += h;
    return h;
  });
  // no bottom margin: pdfkit never continues a text on a page of its own
  doc.addPage({ size: [RECEIPT_WIDTH, Math.ceil(height)], margins: { top: TOP, left: SIDE, right: SIDE, bottom: 0 } });
  let y = TOP;
  blocks.forEach((block, i) => {
    checkpoint();
    block.draw(doc, y);
    y += heights[i];
  });
  doc.end();
  return doc;
}

function blocksOf(m: ReceiptModel): Block[] {
  const s = m.seller;
  const blocks: Block[] = [
    centred(s.name, 'bold', 11),
    ...[s.legalName, ...s.addressLines, s.taxId && `Tax ID: ${s.taxId}`, s.phone && `Phone: ${s.phone}`]
      .filter((line): line is string => !!line)
      .map((line) => centred(line, 'regular', SIZE)),
    rule(),
    pair(`Receipt ${m.number}`, m.status ?? '', 'bold', 10),
    pair('Date', m.soldAt),
  ];
  if (m.soldBy) blocks.push(pair('Sold by', m.soldBy));
  if (m.customer) blocks.push(pair('Customer', m.customer));
  blocks.push(rule(), ...m.lines.map((line) => item(line)), rule());
  blocks.push(pair('Subtotal', money(m.subtotal)), pair('Discount', money(-m.discount)));
  if (m.shipping !== 0) blocks.push(pair('Shipping', money(m.shipping)));
  if (m.pricesIncludeTax) blocks.push(pair('Prices include tax', ''));
  for (const tax of m.taxLines) blocks.push(pair(taxLabel(tax, money), money(tax.tax)));
  blocks.push(pair('Total', `${money(m.total)} ${m.currency}`, 'bold', 11));
  if (m.refunded !== 0) blocks.push(pair('Refunded', money(m.refunded)));
  blocks.push(rule(), pair('Payment', wordsOf(m.paymentMethod)));
  if (m.tendered !== null) blocks.push(pair('Tendered', money(m.tendered)));
  if (m.change !== null) blocks.push(pair('Change', money(m.change), 'bold'));
  if (m.loyalty) blocks.push(rule(), pair('Points earned', String(m.loyalty.earned)), pair('Points balance', String(m.loyalty.balance)));
  blocks.push(rule(), barcode(m.number), centred(m.number, 'regular', SIZE));
  if (m.footer) blocks.push(gap(6), ...m.footer.split('\n').map((p) => centred(p === '' ? ' ' : p, 'regular', SIZE)));
  return blocks;
}

function gap(height: number): Block {
  return { height: () => height, draw: () => undefined };
}

function centred(text: string, font: 'regular' | 'bold', size: number): Block {
  const options = { width: CONTENT, align: 'center' } as const;
  return {
    height: (doc) => doc.font(font).fontSize(size).heightOfString(text, options) + 1,
    draw: (doc, y) => void doc.font(font).fontSize(size).text(text, SIDE, y, options),
  };
}

function rule(): Block {
  return {
    height: () => 9,
    draw: (doc, y) =>
      void doc
        .moveTo(SIDE, y + 4)
        .lineTo(SIDE + CONTENT, y + 4)
        .lineWidth(0.5)
        .dash(2, { space: 2 })
        .stroke()
        .undash(),
  };
}

/** A label on the left and its value on the right; a long label wraps in the room the value leaves. */
function pair(label: string, value: string, font: 'regular' | 'bold' = 'regular', size = SIZE): Block {
  const layout = (doc: Doc) => {
    doc.font(font).fontSize(size);
    const valueWidth = Math.min(CONTENT * 0.7, doc.widthOfString(value) + 1);
    const labelOptions = { width: CONTENT - valueWidth - 6 };
    return { valueWidth, labelOptions, height: Math.max(doc.heightOfString(label, labelOptions), doc.heightOfString(value, { width: valueWidth })) + 1.5 };
  };
  return {
    height: (doc) => layout(doc).height,
    draw: (doc, y) => {
      const { valueWidth, labelOptions } = layout(doc);
      doc.text(label, SIDE, y, labelOptions);
      doc.text(value, SIDE + CONTENT - valueWidth, y, { width: valueWidth, align: 'right' });
    },
  };
}

/** A line: its name (within NAME_MAX_LINES), then `quantity x unit price` and the total, then its discount if any; one block. */
function item(line: ReceiptLine): Block {
  const parts = [pair(`${quantity(line.quantity)} x ${money(line.unitPrice)}`, money(line.total))];
  if (line.discount !== 0) parts.push(pair('  Discount', money(-line.discount)));
  const nameOf = (doc: Doc) => {
    doc.font('bold').fontSize(SIZE);
    const maxHeight = NAME_MAX_LINES * doc.currentLineHeight(true);
    const options = { width: CONTENT };
    const text =
      doc.heightOfString(line.name, options) <= maxHeight
        ? line.name
        : line.name
            .split(/\s*\n\s*/)
            .join(' ')
            .trim();
    const capped = { ...options, height: maxHeight, ellipsis: true };
    return { text, options: capped, height: Math.min(doc.heightOfString(text, options), maxHeight) };
  };
  return {
    height: (doc) => nameOf(doc).height + parts.reduce((sum, p) => sum + p.height(doc), 0) + 2,
    draw: (doc, y) => {
      const name = nameOf(doc);
      doc.text(name.text, SIDE, y, name.options);
      let at = y + name.height;
      for (const p of parts) {
        const h = p.height(doc);
        p.draw(doc, at);
        at += h;
      }
    },
  };
}

/** Code 128 of the order number, centred, each bar a filled rectangle; at most 1.6 pt a module, less when the number is long. */
function barcode(text: string): Block {
  const { bars, modules } = code128Bars(text);
  const module = Math.min(1.6, CONTENT / (modules + 2 * QUIET_MODULES));
  const left = SIDE + (CONTENT - modules * module) / 2;
  return {
    height: () => BAR_HEIGHT + 4,
    draw: (doc, y) => {
      doc.save();
      for (const bar of bars) doc.rect(left + bar.x * module, y + 2, bar.width * module, BAR_HEIGHT);
      doc.fillColor('#000000').fill();
      doc.restore();
    },
  };
}
