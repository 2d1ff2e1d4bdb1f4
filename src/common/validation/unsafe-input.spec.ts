import { MAX_INPUT_DEPTH, nestsDeeperThan, unsafeInputProblems } from './unsafe-input';

describe('unsafeInputProblems', () => {
  it('finds prototype keys at any depth, as JSON.parse makes them (own properties)', () => {
    const body: unknown = JSON.parse('{"__proto__":{"x":1},"items":[{"a":1},{"constructor":{"prototype":{"x":1}}}],"customer":{"prototype":1}}');
    expect(unsafeInputProblems(body)).toEqual(
      expect.arrayContaining([
        { field: '__proto__', message: 'is not an allowed field' },
        { field: 'items[1].constructor', message: 'is not an allowed field' },
        { field: 'customer.prototype', message: 'is not an allowed field' },
      ]),
    );
    expect(unsafeInputProblems(body)).toHaveLength(3);
  });

  it('finds NUL characters in strings, keys of arrays and the root itself', () => {
    expect(unsafeInputProblems({ name: 'a\u0000b', tags: ['ok', '\u0000'], nested: { note: 'fine' } })).toEqual(
      expect.arrayContaining([
        { field: 'name', message: 'must not contain the NUL character (\\u0000)' },
        { field: 'tags[1]', message: 'must not contain the NUL character (\\u0000)' },
      ]),
    );
    expect(unsafeInputProblems('\u0000', 'query')).toEqual([{ field: 'query', message: 'must not contain the NUL character (\\u0000)' }]);
  });

  it('finds a list directly inside a list (no field of the API is one)', () => {
    expect(unsafeInputProblems({ items: [[{ product_id: 'p', quantity: 1 }]], events: ['a'] })).toEqual([{ field: 'items[0]', message: 'must not be a list' }]);
    expect(unsafeInputProblems([[]])).toEqual([{ field: '[0]', message: 'must not be a list' }]);
  });

  it('passes ordinary input, unicode, markup and SQL text included', () => {
    const body = { name: 'Café ☕️ <script>', notes: "'; DROP TABLE x; --", items: [{ quantity: 1, price: null }], ok: true, constructorName: 'x' };
    expect(unsafeInputProblems(body)).toEqual([]);
    expect(unsafeInputProblems(undefined)).toEqual([]);
  });

  it('stops after 20 problems', () => {
    expect(unsafeInputProblems(Array.from({ length: 100 }, () => '\u0000'))).toHaveLength(20);
  });
});

describe('nestsDeeperThan', () => {
  const nested = (levels: number): unknown => JSON.parse(`${'['.repeat(levels)}${']'.repeat(levels)}`);

  it(`accepts ${MAX_INPUT_DEPTH} levels and refuses one more, without recursion at 100,000`, () => {
    expect(nestsDeeperThan(nested(MAX_INPUT_DEPTH))).toBe(false);
    expect(nestsDeeperThan(nested(MAX_INPUT_DEPTH + 1))).toBe(true);
    expect(nestsDeeperThan(JSON.parse(`${'{"a":'.repeat(100_000)}1${'}'.repeat(100_000)}`))).toBe(true);
    expect(nestsDeeperThan({ items: [{ product_id: 'x', quantity: 1 }], customer: { email: 'a@b.c' } })).toBe(false);
    expect(nestsDeeperThan('text')).toBe(false);
  });
});
