/**
 * Quantities and amounts typed into the console's forms, checked before they are sent: the text the
 * user typed, exactly (docs/api.md 1: quantities up to 3 decimals, money up to 2, unit costs up to 4).
 * The JSON body takes numbers; a decimal with at most 4 places is written back by JSON.stringify as
 * the same text, so nothing is changed on the way.
 */
export interface NumberRule {
  decimals: number;
  /** quantity ± (an adjustment) */
  signed?: boolean;
  /** 0 is accepted (a count, a cost) */
  zero?: boolean;
}

export const QUANTITY: NumberRule = { decimals: 3 };
export const SIGNED_QUANTITY: NumberRule = { decimals: 3, signed: true };
export const COUNTED: NumberRule = { decimals: 3, zero: true };
export const MONEY: NumberRule = { decimals: 2 };
export const UNIT_COST: NumberRule = { decimals: 4, zero: true };

/** The number a field's text stands for, or an explanation of why it is not one. */
export function parseNumber(text: string, rule: NumberRule): { value: number } | { problem: string } {
  const t = text.trim();
  if (t === '') return { problem: 'Required.' };
  const pattern = new RegExp(`^${rule.signed ? '[-+]?' : ''}\\d{1,11}(\\.\\d{1,${rule.decimals}})?$`);
  if (!pattern.test(t)) {
    return {
      problem: `A ${rule.signed ? '' : 'positive '}number with at most ${rule.decimals} decimals${rule.signed ? ' (negative to take stock out)' : ''}.`,
    };
  }
  const value = Number(t);
  if (value === 0 && !rule.zero) return { problem: 'Not 0.' };
  return { value };
}

/** The exact difference a - b of two decimals (quantities: a remaining quantity), as decimal text. */
export function subtractDecimal(a: number | string, b: number | string): string {
  const scale = 3;
  const toScaled = (v: number | string): bigint => {
    const text = String(v);
    const negative = text.startsWith('-');
    const [whole, fraction = ''] = text.replace(/^[-+]/, '').split('.');
    if (fraction.length > scale) throw new Error(`more than ${scale} decimals: ${text}`);
    const scaled = BigInt(whole + fraction.padEnd(scale, '0'));
    return negative ? -scaled : scaled;
  };
  const diff = toScaled(a) - toScaled(b);
  const negative = diff < 0n;
  const digits = (negative ? -diff : diff).toString().padStart(scale + 1, '0');
  const whole = digits.slice(0, -scale);
  const fraction = digits.slice(-scale).replace(/0+$/, '');
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}

/** An Idempotency-Key for one attempt of a POST with a stock or money effect (docs/api.md 9). */
export function attemptKey(): string {
  return crypto.randomUUID();
}
