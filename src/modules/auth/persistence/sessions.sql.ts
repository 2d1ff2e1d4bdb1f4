import { defineStatement } from '../../../database/statement';

export interface SessionRow {
  sessionId: string;
  userId: string;
  csrfToken: string;
  userName: string;
  twoFactor: boolean;
  memberId: string;
  builtInRole: string | null;
  roleScopes: string[] | null;
  id: string;
  name: string;
  currency: string;
  timezone: string;
  requireTwoFactor: boolean;
}

/** Session `alias` is the one of token hash $1 and live: idle under $2 minutes, before its absolute end. */
const liveSession = (alias: string) =>
  `${alias}.token_hash = $1 AND ${alias}.expires_at > now() AND ${alias}.last_seen_at > now() - $2::int * interval '1 minute'`;

/**
 * The live session whose token hash is $1 (idle for less than $2 minutes, before its absolute end),
 * with its member, if active, in the session's business: on every cookie-authenticated request, so one
 * statement of key probes. It also writes `last_seen_at` when the one written is a minute old or more
 * (at most about once a minute per session, in the same round trip: PostgreSQL runs a data-modifying
 * WITH whether or not the query reads it); the idle expiry counts from it,
 * so a session may end up to a minute before SESSION_IDLE_MINUTES of true idleness, never after.
 * An ended session is a deleted row (endSessions): no cache to drop, every process sees it at once.
 */
export const findLiveSession = defineStatement<[tokenHash: string, idleMinutes: number], SessionRow>(
  'auth.findLiveSession',
  `WITH s AS (
     SELECT id, user_id, business_id, csrf_token, last_seen_at
       FROM user_sessions
      WHERE ${liveSession('user_sessions')}
   ), touched AS (
     UPDATE user_sessions t SET last_seen_at = now()
       FROM s WHERE t.id = s.id AND s.last_seen_at <= now() - interval '1 minute'
     RETURNING t.id
   )
   SELECT s.id AS "sessionId", s.user_id AS "userId", s.csrf_token AS "csrfToken",
          u.name AS "userName", u.two_factor_enabled_at IS NOT NULL AS "twoFactor",
          m.id AS "memberId", m.built_in_role AS "builtInRole", r.scopes AS "roleScopes",
          b.id, b.name, b.currency, b.timezone, b.require_two_factor AS "requireTwoFactor"
     FROM s
     JOIN business_members m ON m.business_id = s.business_id AND m.user_id = s.user_id AND m.status = 'active'
     JOIN users u ON u.id = s.user_id
     JOIN businesses b ON b.id = s.business_id
     LEFT JOIN roles r ON r.id = m.role_id`,
);

/** The live session's own part of SessionRow, and when it was last seen (findLiveSessionAlone). */
export interface SessionAloneRow {
  sessionId: string;
  userId: string;
  businessId: string;
  csrfToken: string;
  userName: string;
  twoFactor: boolean;
  stale: boolean;
}

/** The member's and business's part of SessionRow (findActiveMember). */
export type MemberRow = Omit<SessionRow, 'sessionId' | 'userId' | 'csrfToken' | 'userName' | 'twoFactor'>;

/**
 * On Citus, findLiveSession in three statements: the session is on every node (a reference table),
 * its member on the business's shard, and Citus joins the two only once the business is a constant.
 * First the live session and its user ($1, $2 as findLiveSession's), and whether its `last_seen_at`
 * is a minute old (`stale`: then touchSession writes it) ...
 */
export const findLiveSessionAlone = defineStatement<[tokenHash: string, idleMinutes: number], SessionAloneRow>(
  'auth.findLiveSessionAlone',
  `SELECT s.id AS "sessionId", s.user_id AS "userId", s.business_id AS "businessId", s.csrf_token AS "csrfToken",
          u.name AS "userName", u.two_factor_enabled_at IS NOT NULL AS "twoFactor",
          s.last_seen_at <= now() - interval '1 minute' AS stale
     FROM user_sessions s
     JOIN users u ON u.id = s.user_id
    WHERE ${liveSession('s')}`,
);

/** ... then user $2's active membership in business $1, with the business and the member's own role ... */
export const findActiveMember = defineStatement<[businessId: string, userId: string], MemberRow>(
  'auth.findActiveMember',
  `SELECT m.id AS "memberId", m.built_in_role AS "builtInRole", r.scopes AS "roleScopes",
          b.id, b.name, b.currency, b.timezone, b.require_two_factor AS "requireTwoFactor"
     FROM business_members m
     JOIN businesses b ON b.id = m.business_id
     LEFT JOIN roles r ON r.business_id = m.business_id AND r.business_id = $1 AND r.id = m.role_id
    WHERE m.business_id = $1 AND m.user_id = $2 AND m.status = 'active'`,
);

/** ... and, when it was stale, session $1's `last_seen_at` written (once however many requests race). */
export const touchSession = defineStatement<[sessionId: string], never>(
  'auth.touchSession',
  `UPDATE user_sessions SET last_seen_at = now() WHERE id = $1 AND last_seen_at <= now() - interval '1 minute'`,
);
