import { createHash } from 'crypto';
import { BusinessContext } from './business-context';

/** The staff session's cookie (docs/api.md 19). */
export const SESSION_COOKIE = 'bo_session';
/** The header a cookie-authenticated request other than GET/HEAD carries, equal to the session's csrf_token. */
export const CSRF_HEADER = 'x-csrf-token';

/** A live session found by its token: who, in which business, with what. */
export interface SessionContext {
  sessionId: string;
  userId: string;
  csrfToken: string;
  /** the user has two-factor on */
  twoFactor: boolean;
  /** the business requires it of its members (PUT /business {require_two_factor}) */
  requireTwoFactor: boolean;
  business: BusinessContext;
}

/**
 * Finds a live session (neither idle past SESSION_IDLE_MINUTES nor past its absolute end) whose
 * member is active in the session's business, by the hash of the cookie's token. EarlyAuthentication
 * depends on this contract only; the auth module provides it.
 */
export abstract class SessionLookup {
  abstract find(tokenHash: string): Promise<SessionContext | undefined>;
}

/** SHA-256 hex of a session token: a token of 32 random bytes needs no slow hash, and the row is found by it. */
export function hashSessionToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * The bo_session cookie's value in a Cookie header; undefined when absent. Two bo_session cookies (one
 * planted for a parent domain) are refused as none: '' (never a session).
 */
export function sessionCookie(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const values = header
    .split(';')
    .map((part) => part.trim())
    .filter((part) => part.startsWith(`${SESSION_COOKIE}=`))
    .map((part) => part.slice(SESSION_COOKIE.length + 1));
  if (values.length === 0) return undefined;
  return values.length === 1 ? values[0] : '';
}
