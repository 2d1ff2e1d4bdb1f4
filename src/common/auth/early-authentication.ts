import { Inject, Injectable, Logger } from '@nestjs/common';
import { NextFunction, Request, Response } from 'express';
import { APP_CONFIG, AppConfig } from '../../config/app-config';
import { DomainError } from '../errors/domain-error';
import { sendError } from '../errors/all-exceptions.filter';
import { retryAfterSeconds, SlidingWindowLimiter } from '../security/sliding-window-limiter';
import { hashApiKey, parseBearer } from './api-key';
import { ApiKeyLookup } from './api-key-lookup';
import { AuthenticatedRequest } from './business-context';
import { isPublicPath } from './public-paths';

/**
 * Authentication before the body is read: a flood of large unauthenticated bodies would otherwise
 * cost the server their parsing (and every other client its latency). A request to a protected
 * path without a well-formed Bearer key, or with an unknown or revoked one, is refused with 401
 * before the body is touched, and its connection is closed when a body is coming (nothing of it is
 * read). An address that sent more than AUTH_FAILURES_PER_MINUTE refused keys gets 429 before any
 * lookup until its window clears. The guard (ApiKeyGuard) then finds `req.business` set.
 */
@Injectable()
export class EarlyAuthentication {
  private readonly logger = new Logger('Auth');
  private readonly failures: SlidingWindowLimiter | undefined;

  constructor(
    private readonly keys: ApiKeyLookup,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.failures = config.authFailuresPerMinute > 0 ? new SlidingWindowLimiter(config.authFailuresPerMinute) : undefined;
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
    const blocked = this.failures?.peek(address);
    if (blocked && !blocked.allowed) {
      const retryAfter = retryAfterSeconds(blocked);
      res.setHeader('Retry-After', String(retryAfter));
      this.refuse(
        req,
        res,
        new DomainError('RATE_LIMITED', 'Too many requests with a missing or invalid API key from this address', [{ retry_after_seconds: retryAfter }]),
      );
      return false;
    }
    const key = parseBearer(req.headers.authorization);
    const business = key ? await this.keys.findActive(hashApiKey(key)) : undefined;
    if (business) {
      req.business = business;
      return true;
    }
    this.failures?.consume(address);
    const message = key ? 'Invalid or revoked API key' : 'Missing or malformed Authorization header (expected: Bearer <API key>)';
    this.refuse(req, res, new DomainError('UNAUTHORIZED', message));
    return false;
  }

  /** The error answer; a body still on its way is not read: the connection closes after the answer. */
  private refuse(req: Request, res: Response, err: unknown): void {
    const length = req.headers['content-length'];
    if ((length !== undefined && length !== '0') || req.headers['transfer-encoding'] !== undefined) res.setHeader('Connection', 'close');
    sendError(res, req, err, this.logger);
  }
}
