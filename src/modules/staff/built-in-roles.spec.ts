import { SCOPES } from '../../common/auth/scopes';
import { BUILT_IN_ROLES, isBuiltInRole } from './built-in-roles';

describe('built-in roles', () => {
  it('gives a manager every scope but admin', () => {
    expect([...BUILT_IN_ROLES.manager].sort()).toEqual(SCOPES.filter((s) => s !== 'admin').sort());
  });

  it('knows the five names and nothing inherited', () => {
    expect(Object.keys(BUILT_IN_ROLES)).toEqual(['owner', 'manager', 'cashier', 'clerk', 'accountant']);
    expect(isBuiltInRole('cashier')).toBe(true);
    expect(isBuiltInRole('toString')).toBe(false);
  });
});
