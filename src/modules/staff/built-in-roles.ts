import { ADMIN_SCOPE, Scope, SCOPES } from '../../common/auth/scopes';

/** docs/api.md 19: a manager holds every scope but `admin` (a scope added later included). */
const EVERY_SCOPE_BUT_ADMIN: readonly Scope[] = SCOPES.filter((scope) => scope !== ADMIN_SCOPE);

/** docs/api.md 19: the roles every business has, each a fixed set of docs/api.md 18 scopes. */
export const BUILT_IN_ROLES = {
  owner: [ADMIN_SCOPE],
  manager: EVERY_SCOPE_BUT_ADMIN,
  cashier: ['sales', 'orders:read', 'customers'],
  clerk: ['inventory', 'products:read', 'purchasing'],
  accountant: ['finance', 'invoices', 'analytics', 'orders:read', 'purchasing'],
} as const satisfies Record<string, readonly Scope[]>;

export type BuiltInRoleName = keyof typeof BUILT_IN_ROLES;

export function isBuiltInRole(name: unknown): name is BuiltInRoleName {
  return typeof name === 'string' && Object.prototype.hasOwnProperty.call(BUILT_IN_ROLES, name);
}
