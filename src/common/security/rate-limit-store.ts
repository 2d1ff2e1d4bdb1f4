import { Decision } from './sliding-window';

/**
 * Where request counts per key live: this process's memory, or Redis shared by every process of a
 * deployment (REDIS_URL). Both apply the sliding-window rule of `sliding-window.ts`; refused
 * requests are not counted. Keys are namespaced by the caller (`key:<api key id>`, `auth:<address>`).
 */
export interface RateLimitStore {
  /** Counts one request of `key` against `limitPerMinute`, atomically across every user of the store. */
  consume(key: string, limitPerMinute: number): Promise<Decision>;
}

export const RATE_LIMIT_STORE = Symbol('RATE_LIMIT_STORE');

export const RATE_LIMIT_WINDOW_MS = 60_000;

/** Whole seconds to wait, at least 1. */
export function retryAfterSeconds(decision: Decision): number {
  return Math.max(1, Math.ceil(decision.retryAfterMs / 1000));
}
