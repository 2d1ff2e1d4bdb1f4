import { describe, expect, it } from 'vitest';
import { groupBySupplier } from './reorder-groups';

const line = (product_id: string, last_supplier_id: string | null) => ({ product_id, name: product_id, last_supplier_id });

describe('groupBySupplier', () => {
  it('makes one group per supplier, the lines without one going to the chosen supplier', () => {
    const { groups, missing } = groupBySupplier([line('a', 's1'), line('b', null), line('c', 's1'), line('d', 's2')], 's2');
    expect(missing).toEqual([]);
    expect([...groups.entries()].map(([s, ls]) => [s, ls.map((l) => l.product_id)])).toEqual([
      ['s1', ['a', 'c']],
      ['s2', ['b', 'd']],
    ]);
  });
  it('reports the lines with no supplier when none is chosen', () => {
    const { groups, missing } = groupBySupplier([line('a', 's1'), line('b', null)], '');
    expect(missing.map((l) => l.product_id)).toEqual(['b']);
    expect([...groups.keys()]).toEqual(['s1']);
  });
});
