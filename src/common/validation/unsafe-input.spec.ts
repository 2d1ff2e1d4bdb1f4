import { Type } from 'class-transformer';
import { ValidateNested } from 'class-validator';
import { MaxItems } from './decorators';
import { MAX_FIELDS, MAX_LIST, MAX_VALUES, unsafeInputProblems } from './unsafe-input';

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

describe('unsafeInputProblems with the DTO the value becomes', () => {
  class Line {
    @MaxItems(3, 'tags')
    tags?: string[];
  }
  class Doc {
    @MaxItems(2, 'lines')
    @ValidateNested({ each: true })
    @Type(() => Line)
    items!: Line[];
  }

  it('refuses a list over its declared bound by its name alone: its elements are never looked at', () => {
    expect(unsafeInputProblems({ items: [{ a: '\u0000' }, { a: '\u0000' }, { a: '\u0000' }] }, 'body', Doc)).toEqual([
      { field: 'items', message: 'items must contain at most 2 lines' },
    ]);
    expect(unsafeInputProblems({ items: Array.from({ length: 349_492 }, () => ({})) }, 'body', Doc)).toHaveLength(1);
  });

  it("follows @Type into the elements: a line's own lists keep their bounds", () => {
    expect(unsafeInputProblems({ items: [{ tags: ['a', 'b', 'c'] }, { tags: ['a', 'b', 'c', 'd'] }] }, 'body', Doc)).toEqual([
      { field: 'items[1].tags', message: 'tags must contain at most 3 tags' },
    ]);
  });

  it(`cuts lists no DTO bounds at ${MAX_LIST} and objects at ${MAX_FIELDS} keys`, () => {
    expect(unsafeInputProblems({ items: [], junk: Array.from({ length: MAX_LIST + 1 }, () => ({})) }, 'body', Doc)).toEqual([
      { field: 'junk', message: `must contain at most ${MAX_LIST} elements` },
    ]);
    expect(unsafeInputProblems({ junk: Array.from({ length: MAX_LIST }, () => 1) })).toEqual([]);
    const keys = (count: number) => Object.fromEntries(Array.from({ length: count }, (_, i) => [`k${i}`, 0]));
    expect(unsafeInputProblems(keys(80_000))).toEqual([{ field: 'body', message: `has 80000 fields; no object of the API has more than ${MAX_FIELDS}` }]);
    expect(unsafeInputProblems({ items: [keys(MAX_FIELDS + 1)] }, 'body', Doc)).toEqual([
      { field: 'items[0]', message: `has ${MAX_FIELDS + 1} fields; no object of the API has more than ${MAX_FIELDS}` },
    ]);
    expect(unsafeInputProblems(keys(MAX_FIELDS))).toEqual([]);
  });

  it(`refuses more than ${MAX_VALUES} values in all, however they are spread`, () => {
    const lists = Object.fromEntries(Array.from({ length: 99 }, (_, k) => [`j${k}`, Array.from({ length: MAX_LIST }, () => ({}))]));
    expect(unsafeInputProblems(lists)).toEqual([{ field: 'body', message: `holds more than ${MAX_VALUES} values` }]);
    const payroll = { period_start: '2026-10-01', items: Array.from({ length: 1000 }, () => ({ employee_name: 'Grace', amount: 10 })) };
    expect(unsafeInputProblems(payroll)).toEqual([]);
  });

  it('stops after 20 lists inside a list', () => {
    expect(unsafeInputProblems({ junk: Array.from({ length: MAX_LIST }, () => []) })).toHaveLength(20);
  });
});
