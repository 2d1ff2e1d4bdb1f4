import { escapeLike, numberPrefixRanges, phoneTerms, searchTerms } from './search-terms';

/** The formatted numbers of counters.sql.ts: the prefix, a dash, at least four digits. */
const formatted = (prefix: string, n: bigint) => `${prefix}-${n.toString().padStart(4, '0')}`;

function inRanges(ranges: { lo: string[]; hi: string[] }, n: bigint): boolean {
  return ranges.lo.some((lo, i) => BigInt(lo) <= n && n <= BigInt(ranges.hi[i]));
}

describe('numberPrefixRanges', () => {
  const samples = [1n, 9n, 10n, 42n, 99n, 420n, 999n, 1000n, 4200n, 9999n, 10000n, 12345n, 42000n, 99999n, 100000n, 420000n, 1000000n, 4200000n, 12345678n];

  it.each(['S-', 's-0', 'S-0042', 'S-42', 's-1', 'S-12345', '0042', '42', '1', '00', 'S-999', 'S-10000', '4200000'])(
    '%s holds exactly the numbers whose text starts with it',
    (query) => {
      const ranges = numberPrefixRanges('S', query);
      const upper = query.toUpperCase();
      for (const n of samples) {
        const text = formatted('S', n);
        const expected = text.startsWith(upper) || (/^\d+$/.test(upper) && text.slice(2).startsWith(upper));
        expect([n, inRanges(ranges, n)]).toEqual([n, expected]);
      }
    },
  );

  it('is empty for a query that is no prefix of a number', () => {
    for (const query of ['ab', 'S-4a', 'S0042', 'INV-1', '-1', '4 2']) expect(numberPrefixRanges('S', query)).toEqual({ lo: [], hi: [] });
  });

  it('takes every number for a prefix of the letters and dash alone', () => {
    for (const query of ['IN', 'inv', 'INV-']) {
      const ranges = numberPrefixRanges('INV', query);
      expect(inRanges(ranges, 1n)).toBe(true);
      expect(inRanges(ranges, 9_223_372_036_854_775_807n)).toBe(true);
    }
  });

  it('never passes the largest bigint, nor reads more than 19 digits', () => {
    const ranges = numberPrefixRanges('S', '9');
    expect(ranges.hi.map(BigInt).every((hi) => hi <= 9_223_372_036_854_775_807n)).toBe(true);
    expect(numberPrefixRanges('S', '1'.repeat(20))).toEqual({ lo: [], hi: [] });
  });
});

describe('phoneTerms', () => {
  const groupStart = (query: string, phone: string) => new RegExp(phoneTerms(query)!.groupStart).test(phone);

  it('matches the digits at the start of the number or of one of its groups', () => {
    expect(groupStart('301', '+49 (30) 1234')).toBe(true);
    expect(groupStart('4930', '+49 (30) 1234')).toBe(true);
    expect(groupStart('1234', '+49 (30) 1234')).toBe(true);
    expect(groupStart('+49 30', '+49 (30) 1234')).toBe(true);
    expect(groupStart('0123', '+49 (30) 1234')).toBe(false);
    expect(groupStart('9301', '+49 (30) 1234')).toBe(false);
    expect(groupStart('301', '49301234')).toBe(false);
  });

  it('needs two digits', () => {
    expect(phoneTerms('a1')).toBeNull();
    expect(phoneTerms('Jane')).toBeNull();
    expect(phoneTerms('12')).toEqual({ contains: '%12%', prefix: '12%', groupStart: '(^|[^0-9])1[^0-9]*2' });
  });
});

describe('searchTerms', () => {
  it('lower-cases the query and makes %, _ and \\ literal', () => {
    const terms = searchTerms('50%_Off\\');
    expect(terms.exact).toBe('50%_off\\');
    expect(terms.contains).toBe('%50\\%\\_off\\\\%');
    expect(terms.prefix).toBe('50\\%\\_off\\\\%');
    expect(escapeLike('a_b')).toBe('a\\_b');
  });
});
