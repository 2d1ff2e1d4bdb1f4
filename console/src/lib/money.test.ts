import { describe, expect, it } from 'vitest';
import { parseExactJson } from './exact-json';
import { decimalText, formatCost, formatMoney, formatQuantity } from './money';

describe('formatMoney', () => {
  it('writes the currency with its minor digits', () => {
    expect(formatMoney(25, 'USD', 'en-US')).toBe('$25.00');
    expect(formatMoney(12.5, 'USD', 'en-US')).toBe('$12.50');
    expect(formatMoney('0.3', 'EUR', 'en-US')).toBe('€0.30');
    expect(formatMoney(1234567.89, 'EUR', 'de-DE')).toBe('1.234.567,89\u00a0€');
    expect(formatMoney(500, 'JPY', 'en-US')).toBe('¥500');
  });

  it('keeps every digit of a sum above 2^53 cents (no float in between)', () => {
    // 2^53 cents is 90,071,992,547,409.92: a float cannot hold the cents of these
    expect(formatMoney('90071992547409.93', 'USD', 'en-US')).toBe('$90,071,992,547,409.93');
    expect(formatMoney('99999999999999999.99', 'USD', 'en-US')).toBe('$99,999,999,999,999,999.99');
    expect(Number('99999999999999999.99').toFixed(2)).not.toBe('99999999999999999.99');
  });

  it('shows money to the cent, a cost with at most 4 decimals (one rule, docs/api.md 13)', () => {
    expect(formatMoney(0.1, 'USD', 'en-US')).toBe('$0.10');
    expect(formatMoney(-4.05, 'USD', 'en-US')).toBe('-$4.05');
    // a money amount with more digits than the cent is rounded on its text, half away from zero
    expect(formatMoney('7.1825', 'USD', 'en-US')).toBe('$7.18');
    expect(formatMoney('0.125', 'USD', 'en-US')).toBe('$0.13');
    expect(formatMoney('-0.125', 'USD', 'en-US')).toBe('-$0.13');
    expect(formatCost('7.1825', 'USD', 'en-US')).toBe('$7.1825');
    expect(formatCost('7.5', 'USD', 'en-US')).toBe('$7.50');
    expect(formatCost(3, 'EUR', 'de-DE')).toBe('3,00\u00a0€');
    expect(formatCost('4.12', 'EUR', 'de-DE')).toBe('4,12\u00a0€');
    expect(formatCost('4.123', 'USD', 'en-US')).toBe('$4.123');
    // never more than 4 decimals, even if more were sent
    expect(formatCost('1.123456', 'USD', 'en-US')).toBe('$1.1235');
    expect(formatCost('12', 'JPY', 'en-US')).toBe('¥12');
    expect(formatCost('12.5', 'JPY', 'en-US')).toBe('¥12.5');
  });

  it('refuses what is not a decimal rather than show a wrong amount', () => {
    expect(() => formatMoney('12,50', 'USD')).toThrow();
    expect(() => formatMoney(Number.NaN, 'USD')).toThrow();
  });
});

describe('decimalText and formatQuantity', () => {
  it('gives the exact text of numbers and strings', () => {
    expect(decimalText(0.3)).toBe('0.3');
    expect(decimalText('123456789012345678.25')).toBe('123456789012345678.25');
    expect(decimalText(1e21)).toBe('1000000000000000000000');
  });

  it('writes quantities with up to their own decimals', () => {
    expect(formatQuantity(2, 'en-US')).toBe('2');
    expect(formatQuantity('1.250', 'en-US')).toBe('1.250');
    expect(formatQuantity(12345.5, 'en-US')).toBe('12,345.5');
  });
});

describe('parseExactJson', () => {
  it('keeps numbers a float writes back unchanged as numbers', () => {
    expect(parseExactJson('{"total": 25.5, "orders": 3}')).toEqual({ total: 25.5, orders: 3 });
  });

  it('keeps the text of a number a float would change, where the engine gives the source text', () => {
    const parsed = parseExactJson('{"total": 90071992547409.93}') as { total: unknown };
    // JSON.parse source text access (Chromium 114+, Node 21+): the text; older engines: the float
    const supported = typeof parsed.total === 'string';
    expect(parsed.total).toBe(supported ? '90071992547409.93' : Number('90071992547409.93'));
  });
});
