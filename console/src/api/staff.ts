import { useQuery } from '@tanstack/react-query';
import type { components } from '../../../test/generated/openapi';
import { api } from './client';
import { dataOrThrow } from './errors';

/**
 * docs/api.md 19 and 20 (staff, sign-in, sessions, roles, the activity log): the schemas of
 * test/generated/openapi.d.ts, and `call`, which reaches these routes by a path built at run time
 * (`/staff/${id}`) through the same client (its middleware: CSRF header, 401 signs out).
 */
type Schemas = components['schemas'];
export type SessionUser = Schemas['SessionUserJson'];
export type Membership = Schemas['MembershipJson'];
/** POST /auth/sign-in, POST /auth/session/business, GET /auth/session: who is signed in, where, with which role and scopes. */
export type AuthSession = Schemas['SessionJson'];
export type SignInAnswer = AuthSession;
export type SessionRow = Schemas['SessionListItemJson'];
export type Role = Schemas['RoleJson'];
export type StaffMember = Schemas['StaffMemberJson'];
export type StaffStatus = 'invited' | 'active' | 'disabled';
export type Actor = Schemas['ActivityActorJson'];
export type ActivityEntry = Schemas['ActivityEntryJson'];
export type PageMeta = Schemas['PageMeta'];
export type CursorMeta = Schemas['CursorMeta'];

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
interface Result<T> {
  data?: T;
  error?: unknown;
  response: Response;
}
type Loose = Record<Method, (path: string, init?: Record<string, unknown>) => Promise<Result<unknown>>>;

/** One call of a docs/api.md 19/20 route: `path` below /api/v1 with its ids in it. */
export function call<T>(
  method: Method,
  path: string,
  init: { query?: Record<string, unknown>; body?: unknown; parseAs?: 'blob'; signal?: AbortSignal } = {},
): Promise<Result<T>> {
  const loose = api as unknown as Loose;
  return loose[method](`/api/v1${path}`, {
    ...(init.query ? { params: { query: init.query } } : {}),
    ...(init.body !== undefined ? { body: init.body } : {}),
    ...(init.parseAs ? { parseAs: init.parseAs } : {}),
    ...(init.signal ? { signal: init.signal } : {}),
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
export function soldByText(document: { created_by?: Schemas['CreatedByJson'] | null }): string | null {
  const by = document.created_by;
  if (!by) return null;
  const name = by.name ?? 'Unknown';
  return by.type === 'key' ? `${name} (API key)` : name;
}
