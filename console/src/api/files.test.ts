import { describe, expect, it } from 'vitest';
import { filenameOf, withoutPaging } from './files';

describe('filenameOf', () => {
  it("reads the server's quoted file name", () => {
    expect(filenameOf('attachment; filename="orders-2026-11-27.csv"')).toBe('orders-2026-11-27.csv');
    expect(filenameOf('inline; filename="INV-0001.pdf"')).toBe('INV-0001.pdf');
  });
  it('reads a plain or an RFC 5987 name, the latter first', () => {
    expect(filenameOf('attachment; filename=rows.csv')).toBe('rows.csv');
    expect(filenameOf(`attachment; filename="a.csv"; filename*=UTF-8''caf%C3%A9.csv`)).toBe('café.csv');
  });
  it('is null without a name', () => {
    expect(filenameOf(null)).toBeNull();
    expect(filenameOf('attachment')).toBeNull();
  });
});

describe('withoutPaging', () => {
  it('keeps the filters and drops page and per_page', () => {
    expect(withoutPaging({ page: 2, per_page: 20, status: 'paid', from: '2026-11-01' })).toEqual({ status: 'paid', from: '2026-11-01' });
  });
});
