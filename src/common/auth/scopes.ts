/**
 * docs/api.md 18: what a key may do. A key holds a non-empty list of these; a key made without one
 * (every key made before scopes existed) holds `admin`.
 */
export const SCOPES = [
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
] as const;

export type Scope = (typeof SCOPES)[number];

export const ADMIN_SCOPE: Scope = 'admin';

const KNOWN = new Set<string>(SCOPES);

export function isScope(value: unknown): value is Scope {
  return typeof value === 'string' && KNOWN.has(value);
}

/** A scope also grants these: writing a resource implies reading it; `admin` grants everything. */
const IMPLIED: Record<Scope, readonly Scope[]> = {
  sales: [],
  'orders:read': [],
  'orders:write': ['orders:read'],
  'products:read': [],
  'products:write': ['products:read'],
  inventory: [],
  purchasing: [],
  customers: [],
  invoices: [],
  finance: [],
  analytics: [],
  webhooks: [],
  admin: SCOPES.filter((s) => s !== 'admin'),
};

/**
 * A route's declaration: `required` is the scope a 403 names; `accepted` every scope that grants the
 * route (the declared ones, those that imply them, and `admin`). `any` (GET /business): every valid key.
 */
export type ScopeRequirement = { kind: 'scoped'; required: Scope; accepted: readonly Scope[] } | { kind: 'any' };

/** The scopes that grant a route declared with `declared` (the first is the one a refusal names). */
export function acceptedScopes(declared: readonly Scope[]): Scope[] {
  const accepted = new Set<Scope>(declared);
  for (const scope of SCOPES) if (IMPLIED[scope].some((implied) => accepted.has(implied))) accepted.add(scope);
  accepted.add(ADMIN_SCOPE);
  return SCOPES.filter((s) => accepted.has(s)).sort((a, b) => Number(b === declared[0]) - Number(a === declared[0]));
}

/** Whether a key with `held` may call a route of `requirement`. */
export function grants(held: readonly string[], requirement: ScopeRequirement): boolean {
  if (requirement.kind === 'any') return true;
  return held.some((scope) => requirement.accepted.includes(scope as Scope));
}
