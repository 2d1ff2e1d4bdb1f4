import { describe, expect, it } from 'vitest';
import { listQuery } from './list-query';

describe("a list's API query from its URL state", () => {
  it('renames the URL keys to the API parameters, leaving out empty filters', () => {
    expect(
      listQuery({ status: 'cancelled', customer: '', from: '2026-01-01', page: '3' }, { status: 'status', customer: 'customer_id', from: 'from' }),
    ).toEqual({
      page: 3,
      status: 'cancelled',
      from: '2026-01-01',
    });
  });

  it('pages from 1 when the URL page is not a positive whole number, and adds per_page when given', () => {
    expect(listQuery({ page: 'x' }, {}, 20)).toEqual({ page: 1, per_page: 20 });
    expect(listQuery({ page: '0', q: 'ada' }, { q: 'search' })).toEqual({ page: 1, search: 'ada' });
  });

  it('a state without a page (a cursor list) has no page', () => {
    expect(listQuery({ action: 'products.' }, { action: 'action' })).toEqual({ action: 'products.' });
  });
});
