import { groupBy } from './group-by';

describe('groupBy', () => {
  it('groups by key, keeping the order of the items within each group and of first appearance', () => {
    const rows = [
      { sale: 'b', n: 1 },
      { sale: 'a', n: 2 },
      { sale: 'b', n: 3 },
    ];
    const groups = groupBy(rows, (r) => r.sale);
    expect([...groups.keys()]).toEqual(['b', 'a']);
    expect(groups.get('b')).toEqual([rows[0], rows[2]]);
    expect(groups.get('a')).toEqual([rows[1]]);
    expect(groups.get('c')).toBeUndefined();
  });

  it('is empty for no items', () => {
    expect(groupBy([], String).size).toBe(0);
  });
});
