import { dec, DecimalInput, MAX_MONEY, moneyString, quantityString, roundMoney, sumMoney } from '../../common/money/money';

export interface InvoiceLineInput {
  quantity: DecimalInput;
  unitPrice: DecimalInput;
}

export interface PricedInvoice {
  /** exact decimal strings */
  lines: { quantity: string; unitPrice: string; total: string }[];
  subtotal: string;
  taxAmount: string;
  total: string;
}

/**
 * A manual invoice's totals from its lines: line total = quantity x unit price,
 * rounded to the cent; subtotal = sum of line totals; no tax on a manual invoice, so total = subtotal.
 * Returns null when the total would not fit the money range.
 */
export function priceInvoice(lines: InvoiceLineInput[]): PricedInvoice | null {
  const priced = lines.map((line) => {
    const total = roundMoney(dec(line.quantity).times(line.unitPrice));
    return { quantity: quantityString(line.quantity), unitPrice: moneyString(line.unitPrice), total };
  });
  const subtotal = sumMoney(priced.map((line) => line.total));
  if (subtotal.greaterThan(MAX_MONEY)) return null;
  return {
    lines: priced.map((line) => ({ ...line, total: moneyString(line.total) })),
    subtotal: moneyString(subtotal),
    taxAmount: '0',
    total: moneyString(subtotal),
  };
}
