import { createHash } from 'crypto';
import { Inject, Injectable } from '@nestjs/common';
import { RetryLaterError } from '../../common/errors/domain-error';
import { RATE_LIMIT_STORE, RateLimitStore, retryAfterSeconds } from '../../common/security/rate-limit-store';

/** What is being guessed: a password (sign-in), a two-factor or recovery code, a single-use token (invitation, reset). */
export type AttemptKind = 'sign-in' | 'two-factor' | 'token';

/** Whose guesses are counted: the account's email when the request names one, and always the client's address. */
export interface AttemptSubject {
  /** compared case-insensitively; counted under its hash (no address of a person in Redis) */
  email?: string;
  address: string;
}

/** docs/api.md 19: failures per email per 15 minutes, and per client address per minute. */
export const FAILURES_PER_EMAIL = { limit: 5, windowMs: 15 * 60_000 } as const;
export const FAILURES_PER_ADDRESS = { limit: 20, windowMs: 60_000 } as const;

/** An attempt let through by AuthThrottle.check: counted as a failure until `succeeded()` takes it back. */
export interface AuthAttempt {
  succeeded(): Promise<void>;
}

/**
 * Throttling of guesses (docs/api.md 19), counted in the RateLimitStore (Redis shared by every
 * process when REDIS_URL is set): at most 5 failures per email per 15 minutes and 20 per client
 * address per minute of each kind; past either, 429 TOO_MANY_ATTEMPTS with Retry-After, whether or
 * not the guess is right (nothing is verified).
 *
 * Use:
 * ```ts
 * const attempt = await throttle.check('sign-in', { email, address: clientAddress(req) }); // 429 when over
 * const ok = await verifyPassword(user?.passwordHash, password);
 * if (ok) await attempt.succeeded(); // else the failure stays counted
 * ```
 * `check` counts the attempt as a failure BEFORE it is verified, and `succeeded` takes it back: a
 * hundred guesses sent at once are counted as they arrive, not after their (slow) verification, so
 * no more than the limit is ever verified. A request that throws between the two stays counted as a
 * failure (the safe side). `guard` wraps the three steps.
 */
@Injectable()
export class AuthThrottle {
  constructor(@Inject(RATE_LIMIT_STORE) private readonly store: RateLimitStore) {}

  /** 429 TOO_MANY_ATTEMPTS (Retry-After) when the email or the address has no failure left; else the attempt, counted. */
  async check(kind: AttemptKind, subject: AttemptSubject): Promise<AuthAttempt> {
    const counters = countersOf(kind, subject);
    const counted: Counter[] = [];
    let waitMs = 0;
    for (const counter of counters) {
      const decision = await this.store.consume(counter.key, counter.limit, counter.windowMs);
      if (decision.allowed) counted.push(counter);
      else waitMs = Math.max(waitMs, retryAfterSeconds(decision) * 1000);
    }
    if (waitMs > 0) {
      // a refused attempt is not a failure: what this one counted is given back
      await this.releaseAll(counted);
      throw new RetryLaterError('TOO_MANY_ATTEMPTS', 'Too many failed attempts: try again later', waitMs / 1000);
    }
    return { succeeded: () => this.releaseAll(counted) };
  }

  /** check, then `verify`; a truthy result takes the attempt back, a falsy one (or a throw) leaves it counted. */
  async guard<T>(kind: AttemptKind, subject: AttemptSubject, verify: () => Promise<T>): Promise<T> {
    const attempt = await this.check(kind, subject);
    const result = await verify();
    if (result) await attempt.succeeded();
    return result;
  }

  private async releaseAll(counters: Counter[]): Promise<void> {
    await Promise.all(counters.map((counter) => this.store.release(counter.key, counter.windowMs)));
  }
}

interface Counter {
  key: string;
  limit: number;
  windowMs: number;
}

function countersOf(kind: AttemptKind, subject: AttemptSubject): Counter[] {
  const counters: Counter[] = [{ key: `authfail:${kind}:addr:${subject.address}`, ...FAILURES_PER_ADDRESS }];
  if (subject.email !== undefined) {
    const email = createHash('sha256').update(subject.email.trim().toLowerCase()).digest('hex');
    counters.unshift({ key: `authfail:${kind}:email:${email}`, ...FAILURES_PER_EMAIL });
  }
  return counters;
}
