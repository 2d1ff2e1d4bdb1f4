import { ExactNumber, stringifyExact } from '../http/exact-json';
import { costNumber, Decimal, moneyNumber, quantityNumber } from './money';

/** What the Decimal path alone gives: rounded to `scale`, a double while one holds it exactly. */
function throughDecimal(text: string, scale: number): number | ExactNumber {
  const value = new Decimal(text).toDecimalPlaces(scale, Decimal.ROUND_HALF_UP);
  return value.precision() <= 15 ? value.toNumber() : new ExactNumber(value.toFixed());
}

function randomNumericText(rng: () => number): string {
  const intDigits = 1 + Math.floor(rng() * 16);
  const decimals = Math.floor(rng() * 6);
  let int = String(1 + Math.floor(rng() * 9));
  for (let i = 1; i < intDigits; i++) int += Math.floor(rng() * 10);
  if (rng() < 0.3) int = '0';
  let frac = '';
  for (let i = 0; i < decimals; i++) frac += Math.floor(rng() * 10);
  return (rng() < 0.2 ? '-' : '') + int + (decimals ? `.${frac}` : '');
}

describe('money as JSON numbers', () => {
  const cases: Array<[string, (v: string) => number, number]> = [
    ['moneyNumber', moneyNumber, 2],
    ['quantityNumber', quantityNumber, 3],
    ['costNumber', costNumber, 4],
  ];
  const fixed = [
    '0',
    '0.00',
    '-0.00',
    '12.50',
    '0.05',
    '999999999999.99',
    '-999999999999.99',
    '9999999999999.99',
    '100999999999998.99',
    '1.005',
    '2.675',
    '0.125',
    '1.2345',
    '1.23455',
    '123456789012345',
    '1234567890123456',
    // texts Decimal reads that are not the column's plain form: the Decimal path decides them
    '1.',
    '.5',
    '-.5',
    '1e5',
    '1.5e-3',
    '+3.10',
    '00012.50',
    '-0',
    '0x1A',
  ];

  it.each(cases)('%s writes what the Decimal path writes, for column texts and others', (_name, toNumber, scale) => {
    let seed = 42;
    const rng = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const texts = [...fixed, ...Array.from({ length: 5000 }, () => randomNumericText(rng))];
    for (const text of texts) {
      const expected = throughDecimal(text, scale);
      const actual = toNumber(text);
      expect({ text, json: stringifyExact({ v: actual }) }).toEqual({ text, json: stringifyExact({ v: expected }) });
      if (typeof expected === 'number') expect(Object.is(actual, expected)).toBe(true);
    }
  });

  it('rounds half up where the text has more decimals than the scale', () => {
    expect(moneyNumber('2.675')).toBe(2.68);
    expect(moneyNumber('-2.675')).toBe(-2.68);
    expect(quantityNumber('1.0005')).toBe(1.001);
    expect(costNumber('1.23455')).toBe(1.2346);
  });

  it('keeps sums past a double exact', () => {
    expect(stringifyExact({ total: moneyNumber('100999999999998.99') })).toBe('{"total":100999999999998.99}');
    expect(moneyNumber(null)).toBe(0);
    expect(moneyNumber(new Decimal('3.333'))).toBe(3.33);
  });
});
