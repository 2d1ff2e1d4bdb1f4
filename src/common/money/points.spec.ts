import { pointsNumber } from './points';

describe('pointsNumber', () => {
  it('reads int8 strings and numbers as exact integers', () => {
    expect(pointsNumber('0')).toBe(0);
    expect(pointsNumber('125')).toBe(125);
    expect(pointsNumber('-25')).toBe(-25);
    expect(pointsNumber('3000000000')).toBe(3_000_000_000);
    expect(pointsNumber('999999999999')).toBe(999_999_999_999);
    expect(pointsNumber('9007199254740991')).toBe(Number.MAX_SAFE_INTEGER);
    expect(pointsNumber('-9007199254740991')).toBe(-Number.MAX_SAFE_INTEGER);
    expect(pointsNumber(42)).toBe(42);
  });

  it('is 0 for a missing value (no loyalty account)', () => {
    expect(pointsNumber(null)).toBe(0);
    expect(pointsNumber(undefined)).toBe(0);
  });

  it('throws rather than round past 2^53 - 1', () => {
    expect(() => pointsNumber('9007199254740992')).toThrow('Points beyond the exact range of a number: 9007199254740992');
    expect(() => pointsNumber('9223372036854775807')).toThrow('beyond the exact range');
    expect(() => pointsNumber(2 ** 53)).toThrow('beyond the exact range');
  });

  it('throws on anything that is not a whole number', () => {
    for (const bad of ['', ' 1', '1.5', '1e3', 'abc', '0x10']) expect(() => pointsNumber(bad)).toThrow('Not a whole number of points');
    for (const bad of [1.5, NaN, Infinity]) expect(() => pointsNumber(bad)).toThrow('beyond the exact range');
  });
});
