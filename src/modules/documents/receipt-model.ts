/**
 * One tax of a receipt: one per rate of the order's `tax_lines` (docs/api.md 22), `rate` a percentage
 * and `net` the taxable amount; an order without tax lines has its one `tax_amount` (`{name: 'Tax',
 * rate: null, net: null}`).
 */
export interface ReceiptTaxLine {
  name: string;
  rate: number | null;
  net: number | null;
  tax: number;
}

export interface ReceiptLine {
  name: string;
  quantity: number;
  unitPrice: number;
  /** the line's own discount (0 when none) */
  discount: number;
  total: number;
}

/**
 * An order's till receipt (docs/api.md 21): every figure is the order's JSON number, printed by
 * `money`, so the receipt says what GET /orders/:id says.
 */
export interface ReceiptModel {
  kind: 'receipt';
  /** whose receipt it is: renders wait in a queue per business, served in turn (pdf/pdf-renderer.ts) */
  businessId: string;
  /** the order number: printed, encoded in the barcode and the file's name */
  number: string;
  currency: string;
  /** the letterhead; `email` is not printed, it is the Reply-To of the receipt's mail */
  seller: { name: string; legalName: string | null; addressLines: string[]; taxId: string | null; phone: string | null; email: string | null };
  /** `YYYY-MM-DD HH:MM` in the business zone */
  soldAt: string;
  /** the PDF's creation date: the sale's instant, so a receipt renders the same every time */
  createdAt: string;
  soldBy: string | null;
  customer: string | null;
  /** `Cancelled` and the like; null for a completed sale */
  status: string | null;
  lines: ReceiptLine[];
  subtotal: number;
  discount: number;
  shipping: number;
  taxLines: ReceiptTaxLine[];
  /** the prices include the tax (the order's `tax_included`): printed, the tax lines being inside the total */
  pricesIncludeTax: boolean;
  total: number;
  refunded: number;
  paymentMethod: string;
  tendered: number | null;
  change: number | null;
  /** with a customer: the points this order earned and the customer's balance now */
  loyalty: { earned: number; balance: number } | null;
  footer: string | null;
}

/** A code as a person reads it: `bank_transfer` -> `Bank transfer`, `partially_returned` -> `Partially returned`. */
export function wordsOf(code: string): string {
  const words = code.replace(/_/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A tax line's label: `Tax`, or `VAT 19% on 25.00` with a rate (docs/api.md 22's tax lines). */
export function taxLabel(line: ReceiptTaxLine, money: (amount: number) => string): string {
  if (line.rate === null) return line.name;
  const on = line.net === null ? '' : ` on ${money(line.net)}`;
  return `${line.name} ${line.rate}%${on}`;
}
