import { Decision } from './sliding-window';

/**
 * Where request counts per key live: this process's memory, or Redis shared by every process of a
 * deployment (REDIS_URL). Both apply the sliding-window rule of `sliding-window.ts`; refused
 * requests are not counted. Keys are namespaced by the caller (`key:<api key id>`, `auth:<address>`).
 */
export interface RateLimitStore {
  /**
   * Counts one request of `key` against `limit` per `windowMs` (default a minute), atomically across
   * every user of the store. One key is always used with one window.
   */
  consume(key: string, limit: number, windowMs?: number): Promise<Decision>;
  /**
   * Takes back one request counted by `consume` (AuthThrottle: an attempt counted as a failure
   * before it was verified, which succeeded): the current window's count, or the previous one's
   * when the window has rolled since. Never below zero.
   */
  release(key: string, windowMs?: number): Promise<void>;
}

export const RATE_LIMIT_STORE = Symbol('RATE_LIMIT_STORE');

export const RATE_LIMIT_WINDOW_MS = 60_000;

/** Whole seconds to wait, at least 1. */
export function retryAfterSeconds(decision: Decision): number {
  return Math.max(1, Math.ceil(decision.retryAfterMs / 1000));
}
