/** An amount as the API sent it: a number that survived JSON.parse exactly, or its exact text (lib/exact-json.ts). */
export type Decimal = number | string;

const DECIMAL_TEXT = /^-?\d+(\.\d+)?$/;

/** The exact decimal text of an amount, never through float arithmetic. */
export function decimalText(value: Decimal): string {
  if (typeof value === 'string') {
    if (!DECIMAL_TEXT.test(value)) throw new Error(`not a decimal: ${value}`);
    return value;
  }
  if (!Number.isFinite(value)) throw new Error(`not a decimal: ${value}`);
  const text = String(value);
  if (DECIMAL_TEXT.test(text)) return text;
  // exponent forms: only far outside money's range (numeric(14,2) sums); the float's own shortest digits
  return Number.isInteger(value) ? BigInt(value).toString() : value.toFixed(20).replace(/0+$/, '');
}

/** How many digits follow the point in the text. */
function decimalsOf(text: string): number {
  return text.split('.')[1]?.length ?? 0;
}

const formats = new Map<string, Intl.NumberFormat>();
function numberFormat(locale: string | undefined, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = JSON.stringify([locale ?? '', options]);
  let format = formats.get(key);
  if (!format) formats.set(key, (format = new Intl.NumberFormat(locale, options)));
  return format;
}

/**
 * How an amount is shown: `money` (a price, a total, a margin) to the currency's minor digits, the
 * cent; `cost` (a unit or average cost, docs/api.md 13: 4 decimals) with the minor digits and at
 * most 4, its trailing zeros beyond the cent dropped. The one rule for both, so no screen picks its own.
 */
export type AmountKind = 'money' | 'cost';

const COST_DIGITS = 4;

/**
 * An amount in the business currency, exactly: Intl formats a decimal string without a float
 * (ECMA-402 NumberFormat v3), so no float is ever made of it. The API sends money with 2 decimals;
 * should a money amount come with more, it is rounded half away from zero on its exact text.
 */
export function formatAmount(value: Decimal, currency: string, kind: AmountKind, locale?: string): string {
  const text = decimalText(value);
  const minor = numberFormat(locale, { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
  const digits = kind === 'cost' ? Math.max(minor, Math.min(COST_DIGITS, decimalsOf(text))) : minor;
  return numberFormat(locale, { style: 'currency', currency, minimumFractionDigits: minor, maximumFractionDigits: digits }).format(
    text as Intl.StringNumericLiteral,
  );
}

/** Money (a price, a total, a sum) in the business currency, to the cent. */
export function formatMoney(value: Decimal, currency: string, locale?: string): string {
  return formatAmount(value, currency, 'money', locale);
}

/** A cost (unit cost, average cost): the cent and up to 4 decimals when it has them. */
export function formatCost(value: Decimal, currency: string, locale?: string): string {
  return formatAmount(value, currency, 'cost', locale);
}

/** A quantity (up to 3 decimals, docs/api.md 1) or a count, exactly, with the locale's grouping. */
export function formatQuantity(value: Decimal, locale?: string): string {
  const text = decimalText(value);
  const digits = decimalsOf(text);
  return numberFormat(locale, { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(text as Intl.StringNumericLiteral);
}

/** For a chart's scale only (never shown as money): the amount as a float. */
export function toPlotNumber(value: Decimal): number {
  return typeof value === 'number' ? value : Number(value);
}
