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

/** A numeric column (string) or Decimal as a JSON number for a response, exact at any size. */
export function moneyNumber(value: DecimalInput | null | undefined): number {
  return jsonNumber(roundMoney(value ?? 0));
}

export function quantityNumber(value: DecimalInput | null | undefined): number {
  return jsonNumber(new Decimal(value ?? 0).toDecimalPlaces(3));
}

/** A unit cost (4 decimals, CONTRACT.md 13) as a JSON number, exact at any size. */
export function costNumber(value: DecimalInput | null | undefined): number {
  return jsonNumber(new Decimal(value ?? 0).toDecimalPlaces(4, Decimal.ROUND_HALF_UP));
}

/** A unit cost as stored: 4 decimals, half up. */
export function costString(value: DecimalInput): string {
  return new Decimal(value).toDecimalPlaces(4, Decimal.ROUND_HALF_UP).toString();
}

export function sumMoney(values: DecimalInput[]): Decimal {
  return values.reduce<Decimal>((acc, v) => acc.plus(v), new Decimal(0));
}

export { Decimal };
