import { useQuery } from '@tanstack/react-query';
import type { Scope } from '../frame/scopes';
import { api } from './client';
import { dataOrThrow } from './errors';

/**
 * docs/api.md 19 and 20 (staff, sign-in, sessions, roles, the activity log), with the shapes
 * CONTRACT.md gives them. These routes are being added to the API in this wave: until their schemas
 * are in test/generated/openapi.d.ts, `call` reaches them through the same client (its middleware:
 * CSRF header, 401 signs out) with these types.
 */
export interface SessionUser {
  id: string;
  email: string;
  name: string;
  two_factor?: boolean;
}
export interface Membership {
  business_id: string;
  business_name: string;
  role: string;
  scopes: Scope[];
}
export interface SignInAnswer {
  user: SessionUser;
  memberships: Membership[];
  business_id: string;
  csrf_token: string;
}
/** GET /auth/session: who is signed in, in which business, with which role and scopes. */
export interface AuthSession extends SignInAnswer {
  role: string;
  scopes: Scope[];
}
export interface SessionRow {
  id: string;
  created_at: string;
  last_seen_at: string | null;
  ip: string | null;
  user_agent: string | null;
  current: boolean;
}
export interface Role {
  id: string | null;
  name: string;
  scopes: Scope[];
  built_in: boolean;
}
export type StaffStatus = 'invited' | 'active' | 'disabled';
export interface StaffMember {
  id: string;
  user_id: string;
  email: string;
  name: string;
  /** a built-in role's name or an own role's id (what POST and PATCH take) */
  role: string;
  role_name: string;
  status: StaffStatus;
  two_factor: boolean;
  last_sign_in_at: string | null;
  created_at: string;
}
export interface Actor {
  type: 'staff' | 'key' | 'system';
  id: string | null;
  name: string;
}
export interface ActivityEntry {
  id: string;
  occurred_at: string;
  actor: Actor;
  action: string;
  resource: { type: string; id: string | null; label: string | null };
  changes: Record<string, [unknown, unknown]> | null;
  request_id: string | null;
  ip: string | null;
  user_agent: string | null;
}
export interface PageMeta {
  page: number;
  per_page: number;
  total: number;
  total_pages: number;
}
export interface CursorMeta {
  next: string | null;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
interface Result<T> {
  data?: T;
  error?: unknown;
  response: Response;
}
type Loose = Record<Method, (path: string, init?: Record<string, unknown>) => Promise<Result<unknown>>>;

/** One call of a docs/api.md 19/20 route: `path` below /api/v1 with its ids in it. */
export function call<T>(method: Method, path: string, init: { query?: Record<string, unknown>; body?: unknown; parseAs?: 'blob' } = {}): Promise<Result<T>> {
  const loose = api as unknown as Loose;
  return loose[method](`/api/v1${path}`, {
    ...(init.query ? { params: { query: init.query } } : {}),
    ...(init.body !== undefined ? { body: init.body } : {}),
    ...(init.parseAs ? { parseAs: init.parseAs } : {}),
  }) as Promise<Result<T>>;
}

/** The body of a call, or its error thrown; a 204 gives undefined. */
export async function callOrThrow<T>(method: Method, path: string, init?: Parameters<typeof call>[2]): Promise<T> {
  const result = await call<T>(method, path, init);
  if (result.response.status === 204 && result.response.ok) return undefined as T;
  return dataOrThrow(result);
}

/** A read of a docs/api.md 19/20 route through TanStack Query, keyed by its path (api/invalidate covers it). */
export function useApiRead<T>(path: string, query?: Record<string, unknown>, enabled = true) {
  return useQuery({
    queryKey: [`/api/v1${path}`, query ?? {}],
    queryFn: () => callOrThrow<T>('GET', path, query ? { query } : undefined),
    enabled,
  });
}

/** A member's role as a name. */
export function roleName(member: StaffMember): string {
  return member.role_name ?? member.role;
}

/** docs/api.md 19's `created_by` of an order, return or credit note: the member's name, or the key's with "(API key)". */
export function soldByText(document: object): string | null {
  const by = (document as { created_by?: { type: string; name: string | null } | null }).created_by;
  if (!by) return null;
  const name = by.name ?? 'Unknown';
  return by.type === 'key' ? `${name} (API key)` : name;
}
