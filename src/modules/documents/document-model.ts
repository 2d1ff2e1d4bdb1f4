import { Decimal } from '../../common/money/money';

/** The seller's letterhead as printed (the business profile, docs/api.md 17). */
export interface Letterhead {
  name: string;
  legalName: string | null;
  addressLines: string[];
  taxId: string | null;
  email: string | null;
  phone: string | null;
}

export interface DocumentLine {
  name: string;
  sku: string;
  quantity: number;
  unitPrice: number;
  total: number;
}

/** One rate's tax of a document (docs/api.md 22): the rate's name, its percentage, the taxable amount (net of tax) and the tax. */
export interface DocumentTaxLine {
  name: string;
  rate: number;
  taxable: number;
  tax: number;
}

/**
 * An invoice or a credit note as a document: every figure is the API's number for it (the JSON's
 * exact decimal), printed by `money`, so the PDF says what GET /invoices/:id says.
 */
export interface DocumentModel {
  /** whose document it is: renders wait in a queue per business, served in turn (pdf/pdf-renderer.ts) */
  businessId: string;
  title: 'Invoice' | 'Credit note';
  number: string;
  currency: string;
  /** the document's date in the business time zone; also its PDF creation date, so a document renders the same every time */
  issueDate: string;
  /** label and value, in order: number, dates, status, the sale or invoice it refers to */
  facts: [string, string][];
  seller: Letterhead;
  customer: { name: string | null; email: string | null } | null;
  lines: DocumentLine[];
  /** label and amount, in order; the last is the total */
  totals: [string, number][];
  /** one per rate, printed under the totals (docs/api.md 22); empty when the tax is one figure the client gave */
  taxLines: DocumentTaxLine[];
  /** the prices include the tax: the line totals and subtotal are gross, the tax inside them */
  pricesIncludeTax: boolean;
  footer: string | null;
}

/** An amount as the API gives it, with its two decimals: 25 -> "25.00", 1234.5 -> "1234.50". Exact: API amounts are at most 15 digits. */
export function money(amount: number): string {
  return new Decimal(amount).toFixed(2);
}

/** A tax line of the API's JSON (docs/api.md 22's TaxLineJson). */
export interface TaxLineJsonLike {
  name: string;
  rate: number;
  taxable_amount: number;
  tax_amount: number;
}

/** The API's tax lines as a document prints them. */
export function documentTaxLines(lines: readonly TaxLineJsonLike[]): DocumentTaxLine[] {
  return lines.map((line) => ({ name: line.name, rate: line.rate, taxable: line.taxable_amount, tax: line.tax_amount }));
}

/** The totals' tax label: "Tax", or "Tax included" when the prices include it (it is inside the subtotal, not added to it). */
export function taxTotalLabel(pricesIncludeTax: boolean): string {
  return pricesIncludeTax ? 'Tax included' : 'Tax';
}

/** A tax rate as people write it: 19 -> "19%", 7.5 -> "7.5%" (the API's percentage, up to 4 decimals). */
export function percent(rate: number): string {
  return `${new Decimal(rate).toString()}%`;
}

/** A quantity as the API gives it (up to 3 decimals, none when whole). */
export function quantity(value: number): string {
  return new Decimal(value).toString();
}
