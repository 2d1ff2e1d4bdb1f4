/**
 * What GET /search (docs/api.md 21) looks for, derived once from the query: pure rules, no database.
 * Every text match is case-insensitive (the query lower-cased against lower-cased columns) and the
 * query's own `%`, `_` and `\` match literally.
 */

/** The phone rule needs at least this many digits in the query: fewer would match most phones. */
export const MIN_PHONE_DIGITS = 2;

const BIGINT_MAX = 9_223_372_036_854_775_807n;

/** Inclusive ranges of document numbers, as decimal text (bigint parameters). */
export interface NumberRanges {
  lo: string[];
  hi: string[];
}

export interface SearchTerms {
  /** the query, lower-cased: equal to a column means an exact match */
  exact: string;
  /** `%query%` for LIKE, metacharacters escaped */
  contains: string;
  /** `query%` for LIKE, metacharacters escaped */
  prefix: string;
  /** the query's digits when it has at least MIN_PHONE_DIGITS of them, else null (no phone match) */
  phone: PhoneTerms | null;
  orders: NumberRanges;
  invoices: NumberRanges;
}

export interface PhoneTerms {
  /** `%digits%`: the index's condition (phone_normalized holds the digits, after a leading + at most) */
  contains: string;
  /** `digits%` against the phone's digits from its start: a better match than one inside the number */
  prefix: string;
  /** the digits at the start of one of the phone's digit groups, as written (`+49 (30) 1234` by `301`) */
  groupStart: string;
}

export function searchTerms(query: string): SearchTerms {
  const exact = query.toLowerCase();
  const literal = escapeLike(exact);
  return {
    exact,
    contains: `%${literal}%`,
    prefix: `${literal}%`,
    phone: phoneTerms(query),
    orders: numberPrefixRanges('S', query),
    invoices: numberPrefixRanges('INV', query),
  };
}

/** A LIKE pattern's metacharacters (`%`, `_` and the escape `\`) made literal. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

export function phoneTerms(query: string): PhoneTerms | null {
  const digits = query.replace(/\D/g, '');
  if (digits.length < MIN_PHONE_DIGITS) return null;
  return { contains: `%${digits}%`, prefix: `${digits}%`, groupStart: `(^|[^0-9])${digits.split('').join('[^0-9]*')}` };
}

/**
 * The numbers whose formatted text (`S-0042`: the prefix, a dash and at least four digits,
 * database/persistence/counters.sql.ts) starts with the query, as ranges of the number: the query is
 * a prefix of the number as printed (`s-004`, `INV-12`, also `S-` or `IN` alone: every number), or,
 * when it is only digits, of its digits (`0042`). Each width of number is one range, so the
 * (business_id, number) index serves them newest first, whatever share of the numbers they hold.
 */
export function numberPrefixRanges(prefix: string, query: string): NumberRanges {
  const digits = numberDigits(prefix, query);
  const ranges: NumberRanges = { lo: [], hi: [] };
  if (digits === null || digits.length > 19) return ranges;
  const add = (lo: bigint, hi: bigint) => {
    const top = hi > BIGINT_MAX ? BIGINT_MAX : hi;
    if (lo > top) return;
    ranges.lo.push(lo.toString());
    ranges.hi.push(top.toString());
  };
  const k = digits.length;
  const value = k === 0 ? 0n : BigInt(digits);
  // four digits, zero-padded: 0001..9999
  if (k <= 4) add(value * 10n ** BigInt(4 - k), (value + 1n) * 10n ** BigInt(4 - k) - 1n);
  // five digits and more: no leading zero
  if (k === 0 || digits[0] !== '0') {
    for (let width = Math.max(5, k); width <= 19; width++) {
      const first = 10n ** BigInt(width - 1);
      const last = 10n ** BigInt(width) - 1n;
      const lo = k === 0 ? first : value * 10n ** BigInt(width - k);
      const hi = k === 0 ? last : (value + 1n) * 10n ** BigInt(width - k) - 1n;
      add(lo < first ? first : lo, hi > last ? last : hi);
    }
  }
  return ranges;
}

/** The digits the number must start with ('' for all), or null when the query is no prefix of such a number. */
function numberDigits(prefix: string, query: string): string | null {
  const text = query.toUpperCase();
  const head = `${prefix}-`;
  if (head.startsWith(text)) return '';
  const rest = text.startsWith(head) ? text.slice(head.length) : text;
  return /^\d*$/.test(rest) && (rest !== text || rest.length > 0) ? rest : null;
}
