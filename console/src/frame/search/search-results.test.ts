import { describe, expect, it } from 'vitest';
import { groupResults, isSearchShortcut, moveActive, pageOf, searchable, type SearchResult } from './search-results';

const r = (kind: SearchResult['kind'], id: string): SearchResult => ({ kind, id, label: `${kind} ${id}`, detail: null });

describe('the Search dialog without React', () => {
  it('groups results by kind in the fixed order, keeping the API order within a kind, and numbers them in that order', () => {
    const { groups, flat } = groupResults([
      r('customer', 'c1'),
      r('order', 'o1'),
      r('supplier', 's1'),
      r('order', 'o2'),
      r('invoice', 'i1'),
      r('product', 'p1'),
    ]);
    expect(groups.map((g) => g.heading)).toEqual(['Orders', 'Products', 'Customers', 'Invoices', 'Suppliers']);
    expect(flat.map((x) => x.id)).toEqual(['o1', 'o2', 'p1', 'c1', 'i1', 's1']);
    expect(groups[0].results.map((x) => [x.result.id, x.index])).toEqual([
      ['o1', 0],
      ['o2', 1],
    ]);
    expect(groups[4].results.map((x) => x.index)).toEqual([5]);
  });

  it('leaves out kinds with no result, and a kind it does not know', () => {
    const { groups, flat } = groupResults([r('invoice', 'i1'), { kind: 'warehouse', id: 'w', label: 'W' } as unknown as SearchResult]);
    expect(groups.map((g) => g.kind)).toEqual(['invoice']);
    expect(flat).toHaveLength(1);
    expect(groupResults([])).toEqual({ groups: [], flat: [] });
  });

  it('moves the active option with the arrows, wrapping around, Home and End to the ends', () => {
    expect(moveActive(-1, 3, 'ArrowDown')).toBe(0);
    expect(moveActive(0, 3, 'ArrowDown')).toBe(1);
    expect(moveActive(2, 3, 'ArrowDown')).toBe(0);
    expect(moveActive(0, 3, 'ArrowUp')).toBe(2);
    expect(moveActive(-1, 3, 'ArrowUp')).toBe(2);
    expect(moveActive(2, 3, 'ArrowUp')).toBe(1);
    expect(moveActive(1, 3, 'Home')).toBe(0);
    expect(moveActive(1, 3, 'End')).toBe(2);
    expect(moveActive(1, 3, 'a')).toBe(1);
    expect(moveActive(0, 0, 'ArrowDown')).toBe(-1);
  });

  it('opens each kind on its own page', () => {
    expect(pageOf(r('order', 'o1'))).toEqual({ to: '/orders/$orderId', params: { orderId: 'o1' } });
    expect(pageOf(r('product', 'p1'))).toEqual({ to: '/products/$productId', params: { productId: 'p1' } });
    expect(pageOf(r('customer', 'c1'))).toEqual({ to: '/customers/$customerId', params: { customerId: 'c1' } });
    expect(pageOf(r('invoice', 'i1'))).toEqual({ to: '/invoices/$invoiceId', params: { invoiceId: 'i1' } });
    expect(pageOf(r('supplier', 's1'))).toEqual({ to: '/purchasing/$', params: { _splat: 'suppliers/s1' } });
  });

  it('asks the API from 2 characters, spaces aside', () => {
    expect(searchable('')).toBe(false);
    expect(searchable(' a ')).toBe(false);
    expect(searchable('ab')).toBe(true);
    expect(searchable(' S-')).toBe(true);
  });

  it('opens on Ctrl+K or Cmd+K only', () => {
    const key = (k: string, mods: Partial<{ ctrlKey: boolean; metaKey: boolean; altKey: boolean; shiftKey: boolean }>) => ({
      key: k,
      ctrlKey: false,
      metaKey: false,
      altKey: false,
      shiftKey: false,
      ...mods,
    });
    expect(isSearchShortcut(key('k', { ctrlKey: true }))).toBe(true);
    expect(isSearchShortcut(key('K', { metaKey: true }))).toBe(true);
    expect(isSearchShortcut(key('k', {}))).toBe(false);
    expect(isSearchShortcut(key('j', { ctrlKey: true }))).toBe(false);
    expect(isSearchShortcut(key('k', { ctrlKey: true, shiftKey: true }))).toBe(false);
    expect(isSearchShortcut(key('k', { ctrlKey: true, altKey: true }))).toBe(false);
  });
});
