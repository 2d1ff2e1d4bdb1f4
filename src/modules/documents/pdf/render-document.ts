import PDFDocument from 'pdfkit';
import { DocumentLine, DocumentModel, money, quantity } from '../document-model';
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
 * The document as a PDF stream (docs/api.md 17): A4, the letterhead and the document's facts, the
 * customer, then the lines in a table that continues over as many pages as needed (its header
 * repeated), the totals and the footer after the last line. Its creation date is the document's
 * issue date, so the same document renders the same text every time. The caller pipes the stream;
 * pages are written as they are laid out.
 */
export function renderDocument(model: DocumentModel): PDFKit.PDFDocument {
  const issued = new Date(`${model.issueDate}T00:00:00.000Z`);
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    autoFirstPage: false,
    info: { Title: `${model.title} ${model.number}`, Author: model.seller.name, Creator: 'backoffice-commerce-api', CreationDate: issued, ModDate: issued },
  });
  const fonts = documentFonts();
  doc.registerFont('regular', fonts.regular as unknown as string);
  doc.registerFont('bold', fonts.bold as unknown as string);
  const pages = new PageCounter(doc, model);
  pages.add();
  let y = header(doc, model);
  y = lineTable(doc, model, pages, y);
  totals(doc, model, pages, y);
  doc.end();
  return doc;
}

/** Adds pages with their caption ("INV-0001 · page 2"). */
class PageCounter {
  private n = 0;
  constructor(
    private readonly doc: PDFKit.PDFDocument,
    private readonly model: DocumentModel,
  ) {}

  add(): number {
    this.doc.addPage();
    this.n += 1;
    this.doc
      .font('regular')
      .fontSize(8)
      .fillColor('#666666')
      .text(`${this.model.title} ${this.model.number} · page ${this.n}`, MARGIN, PAGE_HEIGHT - MARGIN - 10, {
        width: CONTENT_WIDTH,
        align: 'right',
        lineBreak: false,
      });
    this.doc.fillColor('#000000');
    return MARGIN;
  }
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

function cellsOf(line: DocumentLine): string[] {
  return [line.name, line.sku, quantity(line.quantity), money(line.unitPrice), money(line.total)];
}

function row(doc: PDFKit.PDFDocument, cells: string[], y: number, font: 'regular' | 'bold'): number {
  doc.font(font).fontSize(9);
  let x = MARGIN;
  let height = 0;
  COLUMNS.forEach((col, i) => {
    const options = { width: col.width - 6, align: col.align };
    height = Math.max(height, doc.heightOfString(cells[i], options));
    doc.text(cells[i], x, y, options);
    x += col.width;
  });
  return y + height + ROW_GAP;
}

function rowHeight(doc: PDFKit.PDFDocument, cells: string[]): number {
  doc.font('regular').fontSize(9);
  return Math.max(...COLUMNS.map((col, i) => doc.heightOfString(cells[i], { width: col.width - 6, align: col.align }))) + ROW_GAP;
}

function tableHeader(doc: PDFKit.PDFDocument, y: number): number {
  const below = row(
    doc,
    COLUMNS.map((c) => c.title),
    y,
    'bold',
  );
  doc
    .moveTo(MARGIN, below - 2)
    .lineTo(MARGIN + CONTENT_WIDTH, below - 2)
    .lineWidth(0.5)
    .stroke();
  return below + 2;
}

/** Every line; a line that does not fit goes to a new page, under the table's header again. */
function lineTable(doc: PDFKit.PDFDocument, model: DocumentModel, pages: PageCounter, top: number): number {
  let y = tableHeader(doc, top);
  for (const line of model.lines) {
    const cells = cellsOf(line);
    if (y + rowHeight(doc, cells) > BOTTOM) y = tableHeader(doc, pages.add());
    y = row(doc, cells, y, 'regular');
  }
  return y;
}

/** The totals and the footer, together, on the last page (a new one when they do not fit). */
function totals(doc: PDFKit.PDFDocument, model: DocumentModel, pages: PageCounter, top: number): void {
  doc.font('regular').fontSize(9);
  const footerHeight = model.footer ? doc.heightOfString(model.footer, { width: CONTENT_WIDTH }) + 16 : 0;
  const needed = 8 + model.totals.length * 16 + footerHeight;
  let y = top + 8 > BOTTOM - needed ? pages.add() : top + 8;
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
    y += 16;
  });
  if (model.footer) {
    doc
      .font('regular')
      .fontSize(9)
      .fillColor('#333333')
      .text(model.footer, MARGIN, y + 16, { width: CONTENT_WIDTH });
    doc.fillColor('#000000');
  }
}
