import { changesBetween, isSecretField } from './activity-changes';

describe('changesBetween (the activity log diff rule)', () => {
  it('gives before and after of every changed field, and null when nothing changed', () => {
    expect(changesBetween({ name: 'A', price: 1, sku: 'X' }, { name: 'B', price: 1.5, sku: 'X' })).toEqual({ name: ['A', 'B'], price: [1, 1.5] });
    expect(changesBetween({ name: 'A', price: 1 }, { name: 'A', price: 1 })).toBeNull();
  });

  it('compares objects and arrays by content', () => {
    expect(changesBetween({ tags: ['a'], address: { city: 'X' } }, { tags: ['a'], address: { city: 'X' } })).toBeNull();
    expect(changesBetween({ tags: ['a'] }, { tags: ['a', 'b'] })).toEqual({ tags: [['a'], ['a', 'b']] });
    expect(changesBetween({ address: { city: 'X' } }, { address: { city: 'Y' } })).toEqual({ address: [{ city: 'X' }, { city: 'Y' }] });
  });

  it('treats a missing field as null, and null to a value as a change', () => {
    expect(changesBetween({ notes: null }, { notes: 'n' })).toEqual({ notes: [null, 'n'] });
    expect(changesBetween({}, { notes: 'n' })).toEqual({ notes: [null, 'n'] });
    expect(changesBetween({ notes: undefined }, { notes: null })).toBeNull();
  });

  it('never writes a secret or updated_at', () => {
    const before = { password_hash: 'h1', key_hash: 'k1', secret: 's1', token: 't1', api_key: 'a', updated_at: '1', name: 'A' };
    const after = { password_hash: 'h2', key_hash: 'k2', secret: 's2', token: 't2', api_key: 'b', updated_at: '2', name: 'A' };
    expect(changesBetween(before, after)).toBeNull();
    for (const field of ['password', 'password_hash', 'key_hash', 'secret', 'signing_secret', 'token', 'reset_token', 'recovery_codes'])
      expect(isSecretField(field)).toBe(true);
    for (const field of ['name', 'scopes', 'role', 'status', 'price', 'tax_id', 'prefix']) expect(isSecretField(field)).toBe(false);
  });

  it('keeps numbers of different types apart (a price 1 and "1" differ)', () => {
    expect(changesBetween({ price: 1 }, { price: '1' })).toEqual({ price: [1, '1'] });
  });
});
