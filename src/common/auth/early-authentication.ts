import { Inject, Injectable, Logger } from '@nestjs/common';
import { NextFunction, Request, Response } from 'express';
import { APP_CONFIG, AppConfig } from '../../config/app-config';
import { DomainError } from '../errors/domain-error';
import { sendError } from '../errors/all-exceptions.filter';
import { RATE_LIMIT_STORE, RATE_LIMIT_WINDOW_MS, RateLimitStore } from '../security/rate-limit-store';
import { consume } from '../security/sliding-window';
import { hashApiKey, parseBearer } from './api-key';
import { ApiKeyLookup } from './api-key-lookup';
import { AuthenticatedRequest } from './business-context';
import { isPublicPath } from './public-paths';
import { originOf } from '../activity/request-context';
import { CSRF_HEADER, hashSessionToken, SESSION_COOKIE, SessionContext, SessionLookup, sessionCookie } from './session-lookup';
import { timingSafeEqual } from 'crypto';

/** Methods a cookie-authenticated request may send without X-CSRF-Token: they change nothing. */
const SAFE_METHODS = new Set(['GET', 'HEAD']);
/** The routes a member of a business that requires two-factor may call before enabling it. */
const AUTH_TREE = '/api/v1/auth/';

/**
 * Authentication before the body is read: a flood of large unauthenticated bodies would otherwise
 * cost the server their parsing (and every other client its latency). A request to a protected
 * path without a well-formed Bearer key, or with an unknown or revoked one, is refused with 401
 * before the body is touched, and its connection is closed when a body is coming (nothing of it is
 * read). An address that sent more than AUTH_FAILURES_PER_MINUTE refused keys gets 429 before any
 * lookup until its window clears. The refusals are counted in the RateLimitStore (shared by every
 * process with Redis); that an address is over its budget is remembered here until its wait ends, so
 * a blocked address costs no store round trip (each process learns it at the address's next refusal).
 * The guard (ApiKeyGuard) then finds `req.business` set.
 *
 * A `bo_session` cookie (docs/api.md 19) authenticates the same way, by its session (SessionLookup:
 * one statement, no cache), with the member's role's scopes; before any body is read it is also
 * refused for a write without the session's X-CSRF-Token (403 CSRF_FAILED) and, in a business that
 * requires two-factor, for a member without it outside /auth/* (403 TWO_FACTOR_SETUP_REQUIRED). A
 * request with both a cookie and an Authorization header is 400 AMBIGUOUS_CREDENTIALS: which one
 * acts would otherwise be a guess.
 */
@Injectable()
export class EarlyAuthentication {
  private readonly logger = new Logger('Auth');
  private readonly failuresPerMinute: number;
  /** address -> Date.now() until which it is refused with 429 */
  private readonly blockedUntil = new Map<string, number>();

  constructor(
    private readonly keys: ApiKeyLookup,
    private readonly sessions: SessionLookup,
    @Inject(RATE_LIMIT_STORE) private readonly store: RateLimitStore,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.failuresPerMinute = config.authFailuresPerMinute;
  }

  readonly middleware = (req: Request, res: Response, next: NextFunction): void => {
    if (req.method === 'OPTIONS' || isPublicPath(req.path)) return next();
    this.authenticate(req as Request & AuthenticatedRequest, res).then(
      (ok) => (ok ? next() : undefined),
      (err: unknown) => this.refuse(req, res, err),
    );
  };

  private async authenticate(req: Request & AuthenticatedRequest, res: Response): Promise<boolean> {
    const address = req.socket.remoteAddress ?? 'unknown';
    const retryAfter = this.blockedFor(address);
    if (retryAfter > 0) {
      res.setHeader('Retry-After', String(retryAfter));
      this.refuse(
        req,
        res,
        new DomainError('RATE_LIMITED', 'Too many requests with a missing or invalid API key from this address', [{ retry_after_seconds: retryAfter }]),
      );
      return false;
    }
    const cookie = sessionCookie(req.headers.cookie);
    if (cookie !== undefined && req.headers.authorization !== undefined) {
      this.refuse(req, res, new DomainError('AMBIGUOUS_CREDENTIALS'));
      return false;
    }
    if (cookie !== undefined) return this.bySession(req, res, cookie, address);
    const key = parseBearer(req.headers.authorization);
    const business = key ? await this.keys.findActive(hashApiKey(key)) : undefined;
    if (business) {
      req.business = { ...business, origin: originOf(req) };
      return true;
    }
    await this.countRefusal(address);
    const message = key ? 'Invalid or revoked API key' : 'Missing or malformed Authorization header (expected: Bearer <API key>)';
    this.refuse(req, res, new DomainError('UNAUTHORIZED', message));
    return false;
  }

  private async bySession(req: Request & AuthenticatedRequest, res: Response, token: string, address: string): Promise<boolean> {
    const session = token ? await this.sessions.find(hashSessionToken(token)) : undefined;
    if (!session) {
      await this.countRefusal(address);
      res.setHeader('Set-Cookie', `${SESSION_COOKIE}=; Path=/; Max-Age=0; HttpOnly; SameSite=Strict`);
      this.refuse(req, res, new DomainError('UNAUTHORIZED', 'The session has ended or is not valid in its business: sign in again'));
      return false;
    }
    const refusal = sessionRefusal(req, session);
    if (refusal) {
      this.refuse(req, res, refusal);
      return false;
    }
    req.business = { ...session.business, origin: originOf(req) };
    req.session = { id: session.sessionId, userId: session.userId, csrfToken: session.csrfToken };
    return true;
  }

  /** Whole seconds the address is still refused for; 0 when it is not. */
  private blockedFor(address: string): number {
    const until = this.blockedUntil.get(address);
    if (until === undefined) return 0;
    const waitMs = until - Date.now();
    if (waitMs > 0) return Math.ceil(waitMs / 1000);
    this.blockedUntil.delete(address);
    return 0;
  }

  /** Counts a refused key of the address; once its budget is used up, it is refused until a request fits again. */
  private async countRefusal(address: string): Promise<void> {
    if (this.failuresPerMinute === 0) return;
    const counted = await this.store.consume(`auth:${address}`, this.failuresPerMinute);
    const now = Date.now();
    const next = counted.allowed ? consume(counted.state, now, this.failuresPerMinute, RATE_LIMIT_WINDOW_MS) : counted;
    if (next.allowed) return;
    if (this.blockedUntil.size >= 10_000) for (const [a, until] of this.blockedUntil) if (until <= now) this.blockedUntil.delete(a);
    this.blockedUntil.set(address, now + Math.max(1000, next.retryAfterMs));
  }

  /** The error answer; a body still on its way is not read: the connection closes after the answer. */
  private refuse(req: Request, res: Response, err: unknown): void {
    const length = req.headers['content-length'];
    if ((length !== undefined && length !== '0') || req.headers['transfer-encoding'] !== undefined) res.setHeader('Connection', 'close');
    sendError(res, req, err, this.logger);
  }
}

/** Why a live session may not make this request: a write without its CSRF token, a member who must enable two-factor first. */
function sessionRefusal(req: Request, session: SessionContext): DomainError | undefined {
  if (!SAFE_METHODS.has(req.method) && !sameToken(req.headers[CSRF_HEADER], session.csrfToken)) return new DomainError('CSRF_FAILED');
  if (session.requireTwoFactor && !session.twoFactor && !req.path.startsWith(AUTH_TREE)) return new DomainError('TWO_FACTOR_SETUP_REQUIRED');
  return undefined;
}

/** Constant-time comparison of a header with the session's token. */
function sameToken(sent: string | string[] | undefined, expected: string): boolean {
  if (typeof sent !== 'string') return false;
  const a = Buffer.from(sent);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
