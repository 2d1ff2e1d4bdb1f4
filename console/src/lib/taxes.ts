import { decimalText, type Decimal } from './money';

/** One rate's tax of an order, a quote, an invoice, a credit note or a return (docs/api.md 22). */
export interface TaxLine {
  tax_rate_id: string;
  name: string;
  rate: Decimal;
  taxable_amount: Decimal;
  tax_amount: Decimal;
}

/** A tax rate of the business (docs/api.md 22): `rate` a percentage; archived once used and deleted. */
export interface TaxRate {
  id: string;
  name: string;
  rate: Decimal;
  is_default: boolean;
  archived_at: string | null;
}

/** What carries tax: the one figure, and (with tax rates) its lines per rate and whether prices include it. */
export interface Taxed {
  tax_amount: Decimal;
  tax_lines?: readonly TaxLine[] | null;
  tax_included?: boolean | null;
}

/** A tax figure as shown: its label, its amount and, per rate, the taxable amount it was worked out on. */
export interface TaxRow {
  key: string;
  label: string;
  amount: Decimal;
  taxable: Decimal | null;
}

/** A rate as people write it: 19 -> "19%", "7.5000" -> "7.5%", 0 -> "0%" (the API's exact digits, trailing zeros dropped). */
export function rateText(rate: Decimal): string {
  const text = decimalText(rate);
  const trimmed = text.includes('.') ? text.replace(/0+$/, '').replace(/\.$/, '') : text;
  return `${trimmed}%`;
}

/** A rate's name with its percentage: "VAT 19%" (the name alone when it already says it). */
export function rateLabel(rate: { name: string; rate: Decimal }): string {
  const percent = rateText(rate.rate);
  return rate.name.includes(percent) ? rate.name : `${rate.name} ${percent}`;
}

/**
 * The tax figures of an order or a quote: one per rate of `tax_lines` ("VAT 19%", "incl. VAT 19%" when
 * the prices include it), or the single "Tax" figure when there are none (a business without rates,
 * or an order whose tax the client gave).
 */
export function taxRows(taxed: Taxed): TaxRow[] {
  const lines = taxed.tax_lines ?? [];
  if (lines.length === 0) return [{ key: 'tax', label: taxed.tax_included ? 'Tax included' : 'Tax', amount: taxed.tax_amount, taxable: null }];
  return lines.map((line, i) => ({
    key: `${line.tax_rate_id}-${i}`,
    label: `${taxed.tax_included ? 'incl. ' : ''}${rateLabel(line)}`,
    amount: line.tax_amount,
    taxable: line.taxable_amount,
  }));
}

const SCALE = 4;

function scaled(value: Decimal): bigint {
  const text = decimalText(value);
  const negative = text.startsWith('-');
  const [whole, fraction = ''] = text.replace(/^-/, '').split('.');
  if (fraction.length > SCALE) throw new Error(`more than ${SCALE} decimals: ${text}`);
  const n = BigInt(whole + fraction.padEnd(SCALE, '0'));
  return negative ? -n : n;
}

/** The exact sum of amounts (up to 4 decimals), as decimal text with at least 2 decimals: a report's totals, never through floats. */
export function sumDecimals(values: readonly Decimal[]): string {
  const sum = values.reduce((acc, v) => acc + scaled(v), 0n);
  const negative = sum < 0n;
  const digits = (negative ? -sum : sum).toString().padStart(SCALE + 1, '0');
  let fraction = digits.slice(-SCALE).replace(/0+$/, '');
  if (fraction.length < 2) fraction = fraction.padEnd(2, '0');
  return `${negative ? '-' : ''}${digits.slice(0, -SCALE)}.${fraction}`;
}

/**
 * The choices of a product's rate: "Default rate (VAT 19%)" (no rate of its own: the default, or
 * untaxed when there is none), then the active rates; a product's archived rate stays listed as such.
 */
export function productRateOptions(rates: readonly TaxRate[], current: string | null): { value: string; label: string }[] {
  const active = rates.filter((r) => !r.archived_at);
  const fallback = active.find((r) => r.is_default);
  const options = [{ value: '', label: fallback ? `Default rate (${rateLabel(fallback)})` : 'Default rate (none: untaxed)' }];
  for (const r of active) options.push({ value: r.id, label: rateLabel(r) });
  const kept = current ? rates.find((r) => r.id === current && r.archived_at) : undefined;
  if (kept) options.push({ value: kept.id, label: `${rateLabel(kept)} (archived)` });
  else if (current && !active.some((r) => r.id === current)) options.push({ value: current, label: 'An archived rate' });
  return options;
}
