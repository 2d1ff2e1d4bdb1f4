import { consume, Decision, isExpired, WindowState } from './sliding-window';
import { RATE_LIMIT_WINDOW_MS, RateLimitStore } from './rate-limit-store';

/**
 * Counts in this process's memory (no REDIS_URL): N processes allow N times a limit. Expired
 * windows are swept once a window, so the map holds only keys seen in the last two minutes.
 */
export class MemoryRateLimitStore implements RateLimitStore {
  private readonly windows = new Map<string, WindowState>();
  private lastSweep = 0;

  constructor(private readonly now: () => number = Date.now) {}

  consume(key: string, limitPerMinute: number): Promise<Decision> {
    const now = this.now();
    this.sweep(now);
    const decision = consume(this.windows.get(key), now, limitPerMinute, RATE_LIMIT_WINDOW_MS);
    this.windows.set(key, decision.state);
    return Promise.resolve(decision);
  }

  private sweep(now: number): void {
    if (now - this.lastSweep < RATE_LIMIT_WINDOW_MS) return;
    this.lastSweep = now;
    for (const [key, state] of this.windows) if (isExpired(state, now, RATE_LIMIT_WINDOW_MS)) this.windows.delete(key);
  }
}
