import { describe, expect, it } from 'vitest';
import { nextState, pageNumber, parseSearch, readState, stringifySearch } from './url-state';

const defaults = { status: '', from: '', page: '1' };

describe('the URL state of a list', () => {
  it('reads plain search params, defaults for what is missing, nothing it does not know', () => {
    expect(readState(parseSearch('?status=completed&page=3&x=1'), defaults)).toEqual({ status: 'completed', from: '', page: '3' });
    expect(readState(parseSearch(''), defaults)).toEqual(defaults);
  });

  it('writes only what differs from the defaults, and round-trips', () => {
    const search = stringifySearch(nextState(defaults, { status: 'cancelled' }, defaults));
    expect(search).toBe('?status=cancelled');
    expect(readState(parseSearch(search), defaults)).toEqual({ ...defaults, status: 'cancelled' });
    expect(stringifySearch({})).toBe('');
  });

  it('goes back to the first page when a filter changes, keeps the page when only the page changes', () => {
    const onPage3 = { status: 'completed', from: '', page: '3' };
    expect(nextState(onPage3, { status: 'cancelled' }, defaults)).toEqual({ status: 'cancelled' });
    expect(nextState(onPage3, { page: '4' }, defaults)).toEqual({ status: 'completed', page: '4' });
    expect(nextState(onPage3, { status: 'completed' }, defaults)).toEqual({ status: 'completed', page: '3' });
  });

  it('encodes what needs encoding', () => {
    const search = stringifySearch({ q: 'a&b c', from: '2026-11-01' });
    expect(search).toBe('?q=a%26b+c&from=2026-11-01');
    expect(parseSearch(search)).toEqual({ q: 'a&b c', from: '2026-11-01' });
  });

  it('takes a page number only when it is one', () => {
    expect(pageNumber('2')).toBe(2);
    expect(pageNumber('0')).toBe(1);
    expect(pageNumber('x')).toBe(1);
    expect(pageNumber(undefined)).toBe(1);
  });
});
