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
 * An amount in the business currency with the API's exact decimals: at least the currency's minor
 * digits, more when the API sent more (an average cost has 4), never rounded. Intl formats a decimal
 * string exactly (ECMA-402 NumberFormat v3), so no float is ever made of it.
 */
export function formatMoney(value: Decimal, currency: string, locale?: string): string {
  const text = decimalText(value);
  const minor = numberFormat(locale, { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
  const digits = Math.max(minor, decimalsOf(text));
  return numberFormat(locale, { style: 'currency', currency, minimumFractionDigits: minor, maximumFractionDigits: digits }).format(
    text as Intl.StringNumericLiteral,
  );
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
