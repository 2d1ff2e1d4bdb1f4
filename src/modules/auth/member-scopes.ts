import { BUILT_IN_ROLES, isBuiltInRole } from '../staff/built-in-roles';

/** A member's scopes: its built-in role's (staff/built-in-roles.ts), else its own role's as stored. */
export function scopesOfMember(builtInRole: string | null, roleScopes: string[] | null): string[] {
  if (builtInRole !== null) return isBuiltInRole(builtInRole) ? [...BUILT_IN_ROLES[builtInRole]] : [];
  return roleScopes ?? [];
}
