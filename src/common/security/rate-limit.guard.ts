import { CanActivate, ExecutionContext } from '@nestjs/common';
import { Response } from 'express';
import { AuthenticatedRequest } from '../auth/business-context';
import { DomainError } from '../errors/domain-error';
import { consume, isExpired, WindowState } from './sliding-window';

const WINDOW_MS = 60_000;
const SWEEP_EVERY_MS = WINDOW_MS;

/**
 * RATE_LIMIT_PER_MINUTE per API key, in this process's memory (one process: see SECURITY.md).
 * Registered after the API-key guard, so it keys on the authenticated key id: unauthenticated
 * traffic never creates an entry, and the map is bounded by the number of valid keys.
 */
export class RateLimitGuard implements CanActivate {
  private readonly windows = new Map<string, WindowState>();
  private lastSweep = 0;

  constructor(
    private readonly limitPerMinute: number,
    private readonly now: () => number = Date.now,
  ) {}

  canActivate(context: ExecutionContext): boolean {
    const http = context.switchToHttp();
    const keyId = http.getRequest<AuthenticatedRequest>().business?.keyId;
    if (!keyId) return true; // a public route: nothing to key on
    const now = this.now();
    this.sweep(now);
    const decision = consume(this.windows.get(keyId), now, this.limitPerMinute, WINDOW_MS);
    this.windows.set(keyId, decision.state);
    const res = http.getResponse<Response>();
    res.setHeader('X-RateLimit-Limit', String(this.limitPerMinute));
    res.setHeader('X-RateLimit-Remaining', String(decision.remaining));
    if (decision.allowed) return true;
    const retryAfter = Math.max(1, Math.ceil(decision.retryAfterMs / 1000));
    res.setHeader('Retry-After', String(retryAfter));
    throw new DomainError('RATE_LIMITED', `Rate limit of ${this.limitPerMinute} requests per minute exceeded for this API key`, [
      { limit_per_minute: this.limitPerMinute, retry_after_seconds: retryAfter },
    ]);
  }

  private sweep(now: number): void {
    if (now - this.lastSweep < SWEEP_EVERY_MS) return;
    this.lastSweep = now;
    for (const [key, state] of this.windows) if (isExpired(state, now, WINDOW_MS)) this.windows.delete(key);
  }
}
