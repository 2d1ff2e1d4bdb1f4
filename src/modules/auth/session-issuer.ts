import { randomBytes } from 'crypto';
import { Inject, Injectable } from '@nestjs/common';
import { Request, Response } from 'express';
import { hashSessionToken, SESSION_COOKIE, sessionCookie } from '../../common/auth/session-lookup';
import { countSignIn } from '../../common/metrics/service-metrics';
import { APP_CONFIG, AppConfig } from '../../config/app-config';
import { Tx } from '../../database/transaction';
import { BusinessMember } from '../staff/entities/business-member.entity';
import { SessionJson } from './auth.json';
import { activeMemberships, Repositories, SessionUser, sessionJson, staffActor } from './auth.mapper';
import { UserSession } from './entities/user-session.entity';
import { originOf } from '../../common/activity/request-context';
import { clientAddress, clientUserAgent } from '../../common/http/client';

export type { SessionUser } from './auth.mapper';

/**
 * Starts a session (docs/api.md 19) for a user in one of its memberships: sign-in, and whatever else
 * signs a user in (accepting an invitation). In the caller's transaction: the session row (its token
 * stored only as a SHA-256), the member's last_sign_in_at, the activity entry; then the cookie on the
 * response. A new token every time, and the session the request's own cookie named (if any) ends:
 * a token planted before sign-in (fixation) is never the signed-in one.
 */
@Injectable()
export class SessionIssuer {
  private readonly maxMs: number;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.maxMs = config.sessionMaxHours * 3_600_000;
  }

  async start(tx: Tx, req: Request, res: Response, user: SessionUser, member: BusinessMember): Promise<SessionJson> {
    const token = randomBytes(32).toString('base64url');
    const csrfToken = randomBytes(32).toString('base64url');
    const expiresAt = new Date(Date.now() + this.maxMs);
    const previous = sessionCookie(req.headers.cookie);
    const sessions = tx.getRepository(UserSession);
    if (previous) await sessions.delete({ tokenHash: hashSessionToken(previous) });
    await sessions.insert({
      tokenHash: hashSessionToken(token),
      csrfToken,
      userId: user.id,
      businessId: member.businessId,
      expiresAt,
      ip: clientAddress(req),
      userAgent: clientUserAgent(req),
    });
    await tx.getRepository(BusinessMember).update({ businessId: member.businessId, id: member.id }, { lastSignInAt: () => 'now()' });
    tx.recordActivity({
      businessId: member.businessId,
      actor: staffActor(member, user),
      action: 'auth.sign_in',
      resource: { type: 'user', id: user.id, label: user.email },
      changes: null,
      origin: originOf(req),
    });
    const body = await this.sessionBody(tx, user, member.businessId, csrfToken);
    res.cookie(SESSION_COOKIE, token, { httpOnly: true, sameSite: 'strict', path: '/', secure: req.secure, expires: expiresAt });
    countSignIn('succeeded');
    return body;
  }

  /** The session's JSON: the user, its active memberships, the current one's role and scopes, the CSRF token. */
  async sessionBody(db: Repositories, user: SessionUser, businessId: string, csrfToken: string): Promise<SessionJson> {
    return sessionJson(user, await activeMemberships(db, user.id), businessId, csrfToken);
  }
}
