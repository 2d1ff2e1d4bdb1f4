import { decimalText, type Decimal } from './money';

/**
 * A figure against the same figure of the period before (the dashboard's `compare=previous`,
 * docs/api.md 8): up, down, the same, or new (nothing before, so no per cent). The per cent is
 * `(now - before) / before × 100` to one decimal, rounded half away from zero, worked out on the
 * exact decimals (scaled integers), never in floating point.
 */
export type Change = { direction: 'up' | 'down'; percent: string } | { direction: 'same' } | { direction: 'new' };

/** The scaled integer of a decimal text with `scale` digits after the point. */
function scaled(text: string, scale: number): bigint {
  const negative = text.startsWith('-');
  const [whole, fraction = ''] = text.replace('-', '').split('.');
  const digits = BigInt(whole + fraction.padEnd(scale, '0'));
  return negative ? -digits : digits;
}

function decimals(text: string): number {
  return text.split('.')[1]?.length ?? 0;
}

export function changeOf(now: Decimal, before: Decimal): Change {
  const a = decimalText(now);
  const b = decimalText(before);
  const scale = Math.max(decimals(a), decimals(b));
  const current = scaled(a, scale);
  const previous = scaled(b, scale);
  if (current === previous) return { direction: 'same' };
  if (previous === 0n) return { direction: 'new' };
  const difference = current - previous;
  const magnitude = difference < 0n ? -difference : difference;
  const base = previous < 0n ? -previous : previous;
  // tenths of a per cent: |difference| × 1000 / |before|, half away from zero
  const tenths = (magnitude * 2000n + base) / (2n * base);
  const percent = `${tenths / 10n}.${tenths % 10n}`;
  return { direction: difference > 0n ? 'up' : 'down', percent };
}

/** The period the figures are compared with, in words: "yesterday", "the previous 7 days". */
export function previousPeriodWords(days: number): string {
  return days === 1 ? 'yesterday' : `the previous ${days} days`;
}

/**
 * The change in words for a screen reader (and the visible arrow's title): "up 12.5% from the previous
 * 7 days", "down 3.0% from yesterday", "no change from …", "up from none in …". `percent` formats the
 * per cent number in the reader's locale ("12.5" -> "12.5%", "12,5 %").
 */
export function changeWords(change: Change, days: number, percent: (value: string) => string = (v) => `${v}%`): string {
  const period = previousPeriodWords(days);
  switch (change.direction) {
    case 'same':
      return `no change from ${period}`;
    case 'new':
      return days === 1 ? 'up from none yesterday' : `up from none in ${period}`;
    default:
      return `${change.direction} ${percent(change.percent)} from ${period}`;
  }
}

/**
 * A per cent number ("12.5", 40.66) in the browser's locale, exactly, with `digits` decimals ("12.5%",
 * "12,5 %"); `ofOne` when the value is a ratio (0.3875 is 38.75 %).
 */
export function formatPercent(value: Decimal, locale?: string, digits = 1, ofOne = false): string {
  return new Intl.NumberFormat(locale, { style: 'percent', minimumFractionDigits: digits, maximumFractionDigits: digits }).format(
    `${decimalText(value)}${ofOne ? '' : 'E-2'}` as Intl.StringNumericLiteral,
  );
}
