import { acceptedScopes, grants, isScope, SCOPES } from './scopes';

describe('scopes', () => {
  it('a route declared with a scope is granted by it, the scopes that imply it and admin; the first names the refusal', () => {
    expect(acceptedScopes(['products:read', 'sales'])).toEqual(['products:read', 'sales', 'products:write', 'admin']);
    expect(acceptedScopes(['orders:read'])).toEqual(['orders:read', 'orders:write', 'admin']);
    expect(acceptedScopes(['orders:write'])).toEqual(['orders:write', 'admin']);
    expect(acceptedScopes(['admin'])).toEqual(['admin']);
    for (const scope of SCOPES) expect(acceptedScopes([scope])[0]).toBe(scope);
  });

  it('a key is granted a route when any of its scopes is accepted', () => {
    const productReads = { kind: 'scoped', required: 'products:read', accepted: acceptedScopes(['products:read', 'sales']) } as const;
    expect(grants(['sales'], productReads)).toBe(true);
    expect(grants(['products:write'], productReads)).toBe(true);
    expect(grants(['admin'], productReads)).toBe(true);
    expect(grants(['orders:read', 'finance'], productReads)).toBe(false);
    expect(grants([], productReads)).toBe(false);
    expect(grants([], { kind: 'any' })).toBe(true);
    // writing does not follow from reading
    expect(grants(['orders:read'], { kind: 'scoped', required: 'orders:write', accepted: acceptedScopes(['orders:write']) })).toBe(false);
  });

  it('knows exactly the scopes of docs/api.md 18', () => {
    expect([...SCOPES].sort()).toEqual(
      [
        'sales',
        'orders:read',
        'orders:write',
        'products:read',
        'products:write',
        'inventory',
        'purchasing',
        'customers',
        'invoices',
        'finance',
        'analytics',
        'webhooks',
        'admin',
      ].sort(),
    );
    expect(isScope('admin')).toBe(true);
    expect(isScope('Admin')).toBe(false);
    expect(isScope(undefined)).toBe(false);
  });
});
