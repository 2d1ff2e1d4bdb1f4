import { describe, expect, it } from 'vitest';
import { changeLines, newerState, olderState, valueText } from './activity';

describe('an activity entry in words', () => {
  it('lists each changed field as before -> after', () => {
    expect(changeLines({ price: ['10.00', '12.50'], is_active: [true, false] })).toEqual([
      { field: 'price', before: '10.00', after: '12.50' },
      { field: 'is_active', before: 'yes', after: 'no' },
    ]);
    expect(changeLines(null)).toEqual([]);
  });

  it('shows a missing value as a dash and objects as JSON', () => {
    expect(valueText(null)).toBe('—');
    expect(valueText(undefined)).toBe('—');
    expect(valueText(['sales', 'customers'])).toBe('sales, customers');
    expect(valueText({ a: 1 })).toBe('{"a":1}');
    expect(valueText(12)).toBe('12');
  });
});

describe('cursor paging in the URL', () => {
  const base = { action: 'products.', after: '', newer: '' };
  it('Older goes after the next cursor and remembers where it came from', () => {
    const page2 = olderState(base, 'c1');
    expect(page2).toEqual({ after: 'c1', newer: '' });
    const page3 = olderState({ ...base, ...page2 }, 'c2');
    expect(page3).toEqual({ after: 'c2', newer: 'c1' });
  });

  it('Newer goes back one page at a time, to the first', () => {
    expect(newerState({ ...base, after: 'c2', newer: 'c1' })).toEqual({ after: 'c1', newer: '' });
    expect(newerState({ ...base, after: 'c3', newer: 'c1,c2' })).toEqual({ after: 'c2', newer: 'c1' });
    expect(newerState({ ...base, after: 'c1', newer: '' })).toEqual({ after: '', newer: '' });
  });
});
