import { useApiRead, type Role } from '../../api/staff';

/** A built-in role (docs/api.md 19: owner, manager, cashier, clerk, accountant): `id` null, `built_in` true. */
export function isBuiltIn(role: Role): boolean {
  return role.built_in || !role.id;
}

/** What POST/PATCH /staff take as `role`: a built-in role's name or an own role's id. */
export function roleValue(role: Role): string {
  return isBuiltIn(role) ? role.name : (role.id as string);
}

/** GET /roles: the built-in and the business's own roles. */
export function useRoles() {
  return useApiRead<{ data: Role[] }>('/roles');
}
