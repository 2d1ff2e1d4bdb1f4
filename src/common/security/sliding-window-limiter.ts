import { consume, Decision, isExpired, WindowState } from './sliding-window';

const WINDOW_MS = 60_000;

/**
 * Requests per minute per key (an API key id, a client address), in this process's memory. Expired
 * windows are swept once a window, so the map holds only keys seen in the last two minutes.
 */
export class SlidingWindowLimiter {
  private readonly windows = new Map<string, WindowState>();
  private lastSweep = 0;

  constructor(
    readonly limitPerMinute: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts one request of `key`; refused requests are not counted. */
  consume(key: string): Decision {
    const now = this.now();
    this.sweep(now);
    const decision = consume(this.windows.get(key), now, this.limitPerMinute, WINDOW_MS);
    this.windows.set(key, decision.state);
    return decision;
  }

  /** What `consume` would answer, without counting. */
  peek(key: string): Decision {
    return consume(this.windows.get(key), this.now(), this.limitPerMinute, WINDOW_MS);
  }

  private sweep(now: number): void {
    if (now - this.lastSweep < WINDOW_MS) return;
    this.lastSweep = now;
    for (const [key, state] of this.windows) if (isExpired(state, now, WINDOW_MS)) this.windows.delete(key);
  }
}

/** Whole seconds to wait, at least 1. */
export function retryAfterSeconds(decision: Decision): number {
  return Math.max(1, Math.ceil(decision.retryAfterMs / 1000));
}
