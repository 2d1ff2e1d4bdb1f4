import { consume, Decision, isExpired, released, WindowState } from './sliding-window';
import { RATE_LIMIT_WINDOW_MS, RateLimitStore } from './rate-limit-store';

/**
 * Counts in this process's memory (no REDIS_URL): N processes allow N times a limit. Expired
 * windows are swept once a minute, so the map holds only keys seen in their last two windows.
 */
export class MemoryRateLimitStore implements RateLimitStore {
  private readonly windows = new Map<string, { state: WindowState; windowMs: number }>();
  private lastSweep = 0;

  constructor(private readonly now: () => number = Date.now) {}

  consume(key: string, limit: number, windowMs = RATE_LIMIT_WINDOW_MS): Promise<Decision> {
    const now = this.now();
    this.sweep(now);
    const decision = consume(this.windows.get(key)?.state, now, limit, windowMs);
    this.windows.set(key, { state: decision.state, windowMs });
    return Promise.resolve(decision);
  }

  release(key: string): Promise<void> {
    const saved = this.windows.get(key);
    if (saved) saved.state = released(saved.state);
    return Promise.resolve();
  }

  private sweep(now: number): void {
    if (now - this.lastSweep < RATE_LIMIT_WINDOW_MS) return;
    this.lastSweep = now;
    for (const [key, { state, windowMs }] of this.windows) if (isExpired(state, now, windowMs)) this.windows.delete(key);
  }
}
