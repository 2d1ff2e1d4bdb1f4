import { BUILT_IN_ROLES, isBuiltInRole } from './built-in-roles';

describe('built-in roles', () => {
  it('are the five of docs/api.md 19, with their scopes', () => {
    expect(BUILT_IN_ROLES).toEqual({
      owner: ['admin'],
      manager: [
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
      ],
      cashier: ['sales', 'orders:read', 'customers'],
      clerk: ['inventory', 'products:read', 'purchasing'],
      accountant: ['finance', 'invoices', 'analytics', 'orders:read', 'purchasing'],
    });
  });

  it('knows the five names and nothing inherited', () => {
    expect(isBuiltInRole('cashier')).toBe(true);
    expect(isBuiltInRole('toString')).toBe(false);
  });
});
