import Decimal from 'decimal.js';
import { ExactNumber } from '../http/exact-json';

/**
 * Money and quantity arithmetic, exact. PostgreSQL `numeric` values arrive as strings and are
 * computed with Decimal; they become JSON numbers only at the edge (mappers), already rounded.
 */
export const MAX_MONEY = 999_999_999_999.99;
export const MAX_QUANTITY = 99_999_999_999.999;

Decimal.set({ precision: 40, rounding: Decimal.ROUND_HALF_UP });

export type DecimalInput = Decimal.Value;

export function dec(value: DecimalInput | null | undefined): Decimal {
  return new Decimal(value ?? 0);
}

/** Rounds to cents, half away from zero, the one rounding rule for money. */
export function roundMoney(value: DecimalInput): Decimal {
  return new Decimal(value).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
}

/** An exact decimal string (`12.5`) for SQL parameters. */
export function moneyString(value: DecimalInput): string {
  return roundMoney(value).toString();
}

export function quantityString(value: DecimalInput): string {
  return new Decimal(value).toDecimalPlaces(3, Decimal.ROUND_HALF_UP).toString();
}

/** Significant digits a double holds exactly: up to these, Number() prints the decimal back. */
const DOUBLE_EXACT_DIGITS = 15;

/**
 * A decimal as a JSON number: a plain number while a double holds it exactly, else an ExactNumber
 * that the response writer prints digit for digit (typed as number: it is one on the wire).
 */
function jsonNumber(value: Decimal): number {
  if (value.precision() <= DOUBLE_EXACT_DIGITS) return value.toNumber();
  return new ExactNumber(value.toFixed()) as unknown as number;
}

/**
 * The common case without Decimal: a numeric column's text as PostgreSQL writes it (`12.50`: an
 * optional minus, digits, optionally a point and digits), with no more decimals than `scale`
 * (nothing to round) and at most DOUBLE_EXACT_DIGITS digits, is read by Number() as the same double
 * the Decimal path gives. undefined for anything else. Lists map thousands of such values per page,
 * and the Decimal path was most of their CPU; scanned by character codes, as a regular expression's
 * match array cost twice as much.
 */
function plainNumber(value: DecimalInput | null | undefined, scale: number): number | undefined {
  if (typeof value !== 'string') return undefined;
  const start = value.charCodeAt(0) === MINUS ? 1 : 0;
  const point = digitsEnd(value, start);
  const integerDigits = point - start;
  if (integerDigits === 0) return undefined;
  let decimals = 0;
  if (point < value.length) {
    if (value.charCodeAt(point) !== POINT) return undefined;
    const end = digitsEnd(value, point + 1);
    decimals = end - point - 1;
    if (decimals === 0 || end < value.length) return undefined;
  }
  if (decimals > scale || integerDigits + decimals > DOUBLE_EXACT_DIGITS) return undefined;
  return Number(value);
}

const MINUS = 45;
const POINT = 46;
const ZERO = 48;
const NINE = 57;

/** The index of the first character at or after `from` that is not an ASCII digit. */
function digitsEnd(text: string, from: number): number {
  let i = from;
  while (i < text.length) {
    const code = text.charCodeAt(i);
    if (code < ZERO || code > NINE) break;
    i++;
  }
  return i;
}

/** A numeric column (string) or Decimal as a JSON number for a response, exact at any size. */
export function moneyNumber(value: DecimalInput | null | undefined): number {
  return plainNumber(value, 2) ?? jsonNumber(roundMoney(value ?? 0));
}

export function quantityNumber(value: DecimalInput | null | undefined): number {
  return plainNumber(value, 3) ?? jsonNumber(new Decimal(value ?? 0).toDecimalPlaces(3));
}

/** A unit cost (4 decimals, docs/api.md 13) as a JSON number, exact at any size. */
export function costNumber(value: DecimalInput | null | undefined): number {
  return plainNumber(value, 4) ?? jsonNumber(new Decimal(value ?? 0).toDecimalPlaces(4, Decimal.ROUND_HALF_UP));
}

/** A unit cost as stored: 4 decimals, half up. */
export function costString(value: DecimalInput): string {
  return new Decimal(value).toDecimalPlaces(4, Decimal.ROUND_HALF_UP).toString();
}

export function sumMoney(values: DecimalInput[]): Decimal {
  return values.reduce<Decimal>((acc, v) => acc.plus(v), new Decimal(0));
}

export { Decimal };
