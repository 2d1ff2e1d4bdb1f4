import { backoffDelayMs, MAX_BACKOFF_MS, retryStep } from './backoff';

describe('backoff', () => {
  it('doubles from the base after each failed attempt, capped at an hour', () => {
    expect([1, 2, 3, 4].map((n) => backoffDelayMs(n, 30_000))).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(backoffDelayMs(40, 30_000)).toBe(MAX_BACKOFF_MS);
  });

  it('retries while attempts are left, then fails; success is final', () => {
    expect(retryStep(true, 'sent', 5, 5, 100)).toEqual({ status: 'sent', retryInMs: null });
    expect(retryStep(false, 'sent', 2, 5, 100)).toEqual({ status: 'pending', retryInMs: 200 });
    expect(retryStep(false, 'sent', 5, 5, 100)).toEqual({ status: 'failed', retryInMs: null });
  });
});
