import { CanActivate, ExecutionContext } from '@nestjs/common';
import { Response } from 'express';
import { AuthenticatedRequest } from '../auth/business-context';
import { DomainError } from '../errors/domain-error';
import { RateLimitStore, retryAfterSeconds } from './rate-limit-store';

/**
 * RATE_LIMIT_PER_MINUTE per API key (or signed-in member), counted in the RateLimitStore (Redis shared by every process
 * when REDIS_URL is set). Registered after the API-key guard, so it keys on the authenticated key
 * id: unauthenticated traffic never creates an entry, and entries are bounded by the valid keys.
 */
export class RateLimitGuard implements CanActivate {
  constructor(
    private readonly limitPerMinute: number,
    private readonly store: RateLimitStore,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const http = context.switchToHttp();
    const business = http.getRequest<AuthenticatedRequest>().business;
    if (!business) return true; // a public route: nothing to key on
    // a key's budget, or a signed-in member's (docs/api.md 19: a session calls as a key does)
    const caller = business.actor.type === 'staff' ? `member:${business.actor.id}` : `key:${business.keyId}`;
    const decision = await this.store.consume(caller, this.limitPerMinute);
    const res = http.getResponse<Response>();
    const limit = this.limitPerMinute;
    res.setHeader('X-RateLimit-Limit', String(limit));
    res.setHeader('X-RateLimit-Remaining', String(decision.remaining));
    if (decision.allowed) return true;
    const retryAfter = retryAfterSeconds(decision);
    res.setHeader('Retry-After', String(retryAfter));
    throw new DomainError(
      'RATE_LIMITED',
      `Rate limit of ${limit} requests per minute exceeded for this ${business.actor.type === 'staff' ? 'member' : 'API key'}`,
      [{ limit_per_minute: limit, retry_after_seconds: retryAfter }],
    );
  }
}
