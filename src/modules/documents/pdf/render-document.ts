import PDFDocument from 'pdfkit';
import { DocumentLine, DocumentModel, money, percent, quantity } from '../document-model';
import { documentFonts } from './document-fonts';

// A4 in points, 50 pt margins.
const MARGIN = 50;
const PAGE_WIDTH = 595.28;
const PAGE_HEIGHT = 841.89;
const CONTENT_WIDTH = PAGE_WIDTH - 2 * MARGIN;
const BOTTOM = PAGE_HEIGHT - MARGIN - 20; // the last 20 pt of the text area hold the page's caption

/** Line table columns: x offset from the margin, width, alignment. */
const COLUMNS = [
  { title: 'Product', width: 200, align: 'left' },
  { title: 'SKU', width: 90, align: 'left' },
  { title: 'Qty', width: 55, align: 'right' },
  { title: 'Unit price', width: 75, align: 'right' },
  { title: 'Total', width: 75.28, align: 'right' },
] as const;
const ROW_GAP = 4;
/**
 * A name is printed in at most this many lines (about a third of a page), so every line of the table
 * fits on one page with its quantity and amounts: a name whose line breaks make it taller is printed
 * with its lines joined by spaces (a 200-character name then takes under 15), and what would still not
 * fit ends in an ellipsis.
 */
const NAME_MAX_LINES = 24;

/** Thrown between blocks when the caller no longer wants the document (its client has gone). */
export class RenderStopped extends Error {
  constructor() {
    super('the render was stopped: nobody waits for it any more');
  }
}

/**
 * The document as a PDF stream (docs/api.md 17): A4, the letterhead and the document's facts,
 * the customer, then the lines in a table that continues over as many pages as needed (its header
 * repeated), the totals, the tax of each rate and the footer after the last line. Every line of the table is a block laid out
 * whole on one page, and the footer flows in blocks of its paragraphs: the page breaks are decided here,
 * never by pdfkit, so each page gets its caption ("page n of m", written once the count is known).
 * Its creation date is the document's issue date, so the same document renders the same text every
 * time. `stopped` is asked between blocks; when it answers true the render ends with RenderStopped.
 */
export function renderDocument(model: DocumentModel, stopped: () => boolean = () => false): PDFKit.PDFDocument {
  const issued = new Date(`${model.issueDate}T00:00:00.000Z`);
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    autoFirstPage: false,
    bufferPages: true,
    info: { Title: `${model.title} ${model.number}`, Author: model.seller.name, Creator: 'backoffice-commerce-api', CreationDate: issued, ModDate: issued },
  });
  const fonts = documentFonts();
  doc.registerFont('regular', fonts.regular as unknown as string);
  doc.registerFont('bold', fonts.bold as unknown as string);
  const checkpoint = () => {
    if (stopped()) throw new RenderStopped();
  };
  doc.addPage();
  let y = header(doc, model);
  y = lineTable(doc, model, y, checkpoint);
  y = totals(doc, model, y);
  y = taxTable(doc, model, y);
  footer(doc, model, y, checkpoint);
  captions(doc, model);
  doc.end();
  return doc;
}

/** Each page's caption ("Invoice INV-0001 · page 2 of 3"), in the last 20 pt of its text area. */
function captions(doc: PDFKit.PDFDocument, model: DocumentModel): void {
  const { start, count } = doc.bufferedPageRange();
  for (let i = start; i < start + count; i++) {
    doc.switchToPage(i);
    doc
      .font('regular')
      .fontSize(8)
      .fillColor('#666666')
      .text(`${model.title} ${model.number} · page ${i - start + 1} of ${count}`, MARGIN, PAGE_HEIGHT - MARGIN - 10, {
        width: CONTENT_WIDTH,
        align: 'right',
        lineBreak: false,
      });
  }
  doc.fillColor('#000000');
}

/** A new page; returns the y where its text starts. */
function newPage(doc: PDFKit.PDFDocument): number {
  doc.addPage();
  return MARGIN;
}
/** Seller on the left, the document's facts on the right, then the customer. Returns the y below. */
function header(doc: PDFKit.PDFDocument, model: DocumentModel): number {
  const s = model.seller;
  doc.font('bold').fontSize(16).text(s.name, MARGIN, MARGIN, { width: 280 });
  doc.font('regular').fontSize(9);
  const sellerLines = [s.legalName, ...s.addressLines, s.taxId && `Tax ID: ${s.taxId}`, s.email && `Email: ${s.email}`, s.phone && `Phone: ${s.phone}`];
  for (const line of sellerLines) if (line) doc.text(line, { width: 280 });
  const leftBottom = doc.y;

  const right = MARGIN + 300;
  doc
    .font('bold')
    .fontSize(18)
    .text(model.title, right, MARGIN, { width: CONTENT_WIDTH - 300, align: 'right' });
  doc.fontSize(9);
  for (const [label, value] of model.facts) {
    const at = doc.y;
    doc.font('regular').text(`${label}:`, right, at, { width: 95 });
    doc.font('bold').text(value, right + 95, at, { width: CONTENT_WIDTH - 395, align: 'right' });
  }
  let y = Math.max(leftBottom, doc.y) + 20;

  doc.font('bold').fontSize(10).text('Bill to', MARGIN, y);
  doc.font('regular').fontSize(9);
  const c = model.customer;
  const customerLines = c ? [c.name, c.email].filter((v): v is string => !!v) : [];
  for (const line of customerLines.length > 0 ? customerLines : ['-']) doc.text(line, { width: 280 });
  y = doc.y + 8;
  doc.fontSize(8).fillColor('#666666').text(`Amounts in ${model.currency}`, MARGIN, y, { width: CONTENT_WIDTH, align: 'right' }).fillColor('#000000');
  return doc.y + 4;
}

type Cell = { text: string; options: PDFKit.Mixins.TextOptions };

/** A line's cells as printed: the name within NAME_MAX_LINES (see there), the rest as they are. */
function cellsOf(doc: PDFKit.PDFDocument, line: DocumentLine): Cell[] {
  doc.font('regular').fontSize(9);
  const texts = [line.name, line.sku, quantity(line.quantity), money(line.unitPrice), money(line.total)];
  return COLUMNS.map((col, i) => {
    const options: PDFKit.Mixins.TextOptions = { width: col.width - 6, align: col.align };
    if (i !== 0) return { text: texts[i], options };
    const maxHeight = NAME_MAX_LINES * doc.currentLineHeight(true);
    const name =
      doc.heightOfString(line.name, options) <= maxHeight
        ? line.name
        : line.name
            .split('\n')
            .map((l) => l.trim())
            .filter((l) => l !== '')
            .join(' ');
    return { text: name, options: { ...options, height: maxHeight, ellipsis: true } };
  });
}

function cellHeight(doc: PDFKit.PDFDocument, cell: Cell): number {
  return Math.min(doc.heightOfString(cell.text, cell.options), cell.options.height ?? Infinity);
}

/** The row's height, gap included: what it takes of the page. */
function rowHeight(doc: PDFKit.PDFDocument, cells: Cell[], font: 'regular' | 'bold'): number {
  doc.font(font).fontSize(9);
  return Math.max(...cells.map((cell) => cellHeight(doc, cell))) + ROW_GAP;
}

function row(doc: PDFKit.PDFDocument, cells: Cell[], y: number, font: 'regular' | 'bold', height = rowHeight(doc, cells, font)): number {
  doc.font(font).fontSize(9);
  let x = MARGIN;
  cells.forEach((cell, i) => {
    doc.text(cell.text, x, y, cell.options);
    x += COLUMNS[i].width;
  });
  return y + height;
}

function tableHeader(doc: PDFKit.PDFDocument, y: number): number {
  const cells = COLUMNS.map((c) => ({ text: c.title, options: { width: c.width - 6, align: c.align } }));
  const below = row(doc, cells, y, 'bold');
  doc
    .moveTo(MARGIN, below - 2)
    .lineTo(MARGIN + CONTENT_WIDTH, below - 2)
    .lineWidth(0.5)
    .stroke();
  return below + 2;
}

/** Every line, each whole on one page: a line that does not fit goes to a new page, under the table's header again. */
function lineTable(doc: PDFKit.PDFDocument, model: DocumentModel, top: number, checkpoint: () => void): number {
  let y = tableHeader(doc, top);
  for (const line of model.lines) {
    checkpoint();
    const cells = cellsOf(doc, line);
    const height = rowHeight(doc, cells, 'regular');
    if (y + height > BOTTOM) y = tableHeader(doc, newPage(doc));
    y = row(doc, cells, y, 'regular', height);
  }
  return y;
}

const TOTAL_ROW = 16;

/** The totals, together, after the last line (on a new page when they do not fit). Returns the y below. */
function totals(doc: PDFKit.PDFDocument, model: DocumentModel, top: number): number {
  let y = top + 8 + model.totals.length * TOTAL_ROW > BOTTOM ? newPage(doc) + 8 : top + 8;
  doc
    .moveTo(MARGIN + 300, y - 4)
    .lineTo(MARGIN + CONTENT_WIDTH, y - 4)
    .lineWidth(0.5)
    .stroke();
  model.totals.forEach(([label, amount], i) => {
    const last = i === model.totals.length - 1;
    doc.font(last ? 'bold' : 'regular').fontSize(last ? 11 : 9);
    doc.text(label, MARGIN + 300, y, { width: 80 });
    doc.text(`${money(amount)} ${model.currency}`, MARGIN + 380, y, { width: CONTENT_WIDTH - 380, align: 'right' });
    y += TOTAL_ROW;
  });
  return y;
}

/** The tax table's columns, right of the page's middle as the totals are: the rate, its taxable amount, its tax. */
const TAX_X = MARGIN + 200;
const TAX_COLUMNS = [
  { title: 'Tax rate', width: 115, align: 'left' },
  { title: 'Taxable amount', width: 95, align: 'right' },
  { title: 'Tax', width: CONTENT_WIDTH - 200 - 210, align: 'right' },
] as const;

/**
 * Each rate's name, rate, taxable amount and tax (docs/api.md 22) under the totals, and "Prices include
 * tax" when they do: one block, on a new page when it does not fit. Nothing for a document without tax
 * lines whose prices do not include tax. Returns the y below.
 */
function taxTable(doc: PDFKit.PDFDocument, model: DocumentModel, top: number): number {
  if (model.taxLines.length === 0 && !model.pricesIncludeTax) return top;
  const rows = model.taxLines.map((line) => [`${line.name} ${percent(line.rate)}`, money(line.taxable), money(line.tax)]);
  const heightOf = (cells: string[], font: 'regular' | 'bold') => {
    doc.font(font).fontSize(9);
    return Math.max(...cells.map((text, i) => doc.heightOfString(text, { width: TAX_COLUMNS[i].width - 6, align: TAX_COLUMNS[i].align }))) + ROW_GAP;
  };
  const note = model.pricesIncludeTax ? 'Prices include tax' : null;
  const head = TAX_COLUMNS.map((c) => c.title);
  const height = (note ? TOTAL_ROW : 0) + (rows.length > 0 ? heightOf(head, 'bold') + 4 + rows.reduce((sum, cells) => sum + heightOf(cells, 'regular'), 0) : 0);
  let y = top + 12 + height > BOTTOM ? newPage(doc) : top + 12;
  if (note) {
    doc
      .font('bold')
      .fontSize(9)
      .text(note, TAX_X, y, { width: CONTENT_WIDTH - 200 });
    y += TOTAL_ROW;
  }
  if (rows.length === 0) return y;
  const printRow = (cells: string[], font: 'regular' | 'bold') => {
    const h = heightOf(cells, font);
    let x = TAX_X;
    cells.forEach((text, i) => {
      doc.text(text, x, y, { width: TAX_COLUMNS[i].width - 6, align: TAX_COLUMNS[i].align });
      x += TAX_COLUMNS[i].width;
    });
    y += h;
  };
  printRow(head, 'bold');
  doc
    .moveTo(TAX_X, y - 2)
    .lineTo(MARGIN + CONTENT_WIDTH, y - 2)
    .lineWidth(0.5)
    .stroke();
  y += 4;
  for (const cells of rows) printRow(cells, 'regular');
  return y;
}

/**
 * The footer below the totals, a block per paragraph (its text between line breaks; at most 1,000
 * characters, so a paragraph fits on a page): one that does not fit on the page starts the next.
 */
function footer(doc: PDFKit.PDFDocument, model: DocumentModel, top: number, checkpoint: () => void): void {
  if (!model.footer) return;
  doc.font('regular').fontSize(9).fillColor('#333333');
  const options = { width: CONTENT_WIDTH };
  let y = top + 16;
  for (const paragraph of model.footer.split('\n')) {
    checkpoint();
    const text = paragraph === '' ? ' ' : paragraph; // an empty line keeps its height
    const height = doc.heightOfString(text, options);
    if (y + height > BOTTOM) y = newPage(doc);
    doc.text(text, MARGIN, y, options);
    y += height;
  }
  doc.fillColor('#000000');
}
