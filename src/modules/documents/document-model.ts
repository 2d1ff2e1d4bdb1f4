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
  footer: string | null;
}

/** An amount as the API gives it, with its two decimals: 25 -> "25.00", 1234.5 -> "1234.50". Exact: API amounts are at most 15 digits. */
export function money(amount: number): string {
  return new Decimal(amount).toFixed(2);
}

/** A quantity as the API gives it (up to 3 decimals, none when whole). */
export function quantity(value: number): string {
  return new Decimal(value).toString();
}
