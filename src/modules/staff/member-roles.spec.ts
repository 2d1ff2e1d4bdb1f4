import { isActiveOwner, roleOfMember } from './member-roles';

describe('roleOfMember and isActiveOwner', () => {
  it("names a built-in role by its name and an own role by its id, with the role's scopes", () => {
    expect(roleOfMember({ builtInRole: 'cashier', roleId: null })).toEqual({ ref: 'cashier', name: 'cashier', scopes: ['sales', 'orders:read', 'customers'] });
    expect(roleOfMember({ builtInRole: null, roleId: 'r1' }, { id: 'r1', name: 'Till', scopes: ['sales'] })).toEqual({
      ref: 'r1',
      name: 'Till',
      scopes: ['sales'],
    });
  });

  it('counts only an active owner', () => {
    expect(isActiveOwner({ builtInRole: 'owner', status: 'active' })).toBe(true);
    expect(isActiveOwner({ builtInRole: 'owner', status: 'invited' })).toBe(false);
    expect(isActiveOwner({ builtInRole: 'owner', status: 'disabled' })).toBe(false);
    expect(isActiveOwner({ builtInRole: 'manager', status: 'active' })).toBe(false);
  });
});
