import { CanActivate, ExecutionContext } from '@nestjs/common';
import { Response } from 'express';
import { AuthenticatedRequest } from '../auth/business-context';
import { DomainError } from '../errors/domain-error';
import { retryAfterSeconds, SlidingWindowLimiter } from './sliding-window-limiter';

/**
 * RATE_LIMIT_PER_MINUTE per API key, in this process's memory (one process: see SECURITY.md).
 * Registered after the API-key guard, so it keys on the authenticated key id: unauthenticated
 * traffic never creates an entry, and the map is bounded by the number of valid keys.
 */
export class RateLimitGuard implements CanActivate {
  private readonly limiter: SlidingWindowLimiter;

  constructor(limitPerMinute: number, now: () => number = Date.now) {
    this.limiter = new SlidingWindowLimiter(limitPerMinute, now);
  }

  canActivate(context: ExecutionContext): boolean {
    const http = context.switchToHttp();
    const keyId = http.getRequest<AuthenticatedRequest>().business?.keyId;
    if (!keyId) return true; // a public route: nothing to key on
    const decision = this.limiter.consume(keyId);
    const res = http.getResponse<Response>();
    const limit = this.limiter.limitPerMinute;
    res.setHeader('X-RateLimit-Limit', String(limit));
    res.setHeader('X-RateLimit-Remaining', String(decision.remaining));
    if (decision.allowed) return true;
    const retryAfter = retryAfterSeconds(decision);
    res.setHeader('Retry-After', String(retryAfter));
    throw new DomainError('RATE_LIMITED', `Rate limit of ${limit} requests per minute exceeded for this API key`, [
      { limit_per_minute: limit, retry_after_seconds: retryAfter },
    ]);
  }
}
