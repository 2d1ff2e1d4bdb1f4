import { describe, expect, it } from 'vitest';
import { COUNTED, MONEY, parseNumber, QUANTITY, SIGNED_QUANTITY, subtractDecimal, UNIT_COST } from './numbers';

describe('parseNumber', () => {
  it('takes what each rule allows, as the same decimal', () => {
    expect(parseNumber('2.5', QUANTITY)).toEqual({ value: 2.5 });
    expect(parseNumber(' 1.125 ', QUANTITY)).toEqual({ value: 1.125 });
    expect(parseNumber('-3', SIGNED_QUANTITY)).toEqual({ value: -3 });
    expect(parseNumber('0', COUNTED)).toEqual({ value: 0 });
    expect(parseNumber('4.1275', UNIT_COST)).toEqual({ value: 4.1275 });
    expect(JSON.stringify(parseNumber('0.1', MONEY))).toBe('{"value":0.1}');
  });
  it('refuses blanks, too many decimals, signs and 0 where not allowed', () => {
    expect(parseNumber('', QUANTITY)).toEqual({ problem: 'Required.' });
    expect(parseNumber('1.2345', QUANTITY)).toHaveProperty('problem');
    expect(parseNumber('-1', QUANTITY)).toHaveProperty('problem');
    expect(parseNumber('0', QUANTITY)).toEqual({ problem: 'Not 0.' });
    expect(parseNumber('0', SIGNED_QUANTITY)).toEqual({ problem: 'Not 0.' });
    expect(parseNumber('1e3', QUANTITY)).toHaveProperty('problem');
    expect(parseNumber('9.999', MONEY)).toHaveProperty('problem');
    expect(parseNumber('abc', COUNTED)).toHaveProperty('problem');
  });
});

describe('subtractDecimal', () => {
  it('is exact where floats are not', () => {
    expect(subtractDecimal(0.3, 0.1)).toBe('0.2');
    expect(subtractDecimal('10', '2.125')).toBe('7.875');
    expect(subtractDecimal(5, 5)).toBe('0');
    expect(subtractDecimal(1, 1.5)).toBe('-0.5');
    expect(subtractDecimal('99999999999.999', '0.001')).toBe('99999999999.998');
  });
});
