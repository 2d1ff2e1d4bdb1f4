import { describe, expect, it } from 'vitest';
import { SCOPES } from '../frame/scopes';
import { SCOPE_WORDS, scopesInWords } from './scope-words';

describe('scopes in plain words', () => {
  it('has words for every scope of docs/api.md 18, each different', () => {
    expect(SCOPES.filter((scope) => !SCOPE_WORDS[scope])).toEqual([]);
    expect(new Set(SCOPES.map((scope) => SCOPE_WORDS[scope])).size).toBe(SCOPES.length);
  });

  it('says a list of scopes in words, "Everything" for admin', () => {
    expect(scopesInWords(['sales', 'orders:read'])).toBe('Sell at the till, See orders');
    expect(scopesInWords(['admin', 'sales'])).toBe('Everything, and manage keys, staff and roles');
    expect(scopesInWords([])).toBe('Nothing');
  });
});
