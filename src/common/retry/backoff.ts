/** Exponential backoff of background retries (webhook deliveries, invoice mail): pure, no I/O. */

export const MAX_BACKOFF_MS = 60 * 60 * 1000;

/** The wait after the n-th failed attempt: base, 2 x base, 4 x base, ... capped at `maxMs` (one hour). */
export function backoffDelayMs(failedAttempt: number, baseMs: number, maxMs = MAX_BACKOFF_MS): number {
  const exponent = Math.max(0, failedAttempt - 1);
  return Math.min(maxMs, baseMs * 2 ** Math.min(exponent, 32));
}

export type RetryStep<Done extends string> = { status: Done | 'failed'; retryInMs: null } | { status: 'pending'; retryInMs: number };

/** Success is final; a failure is retried after its backoff while attempts are left, else it has failed. */
export function retryStep<Done extends string>(ok: boolean, done: Done, attempts: number, attemptLimit: number, baseMs: number): RetryStep<Done> {
  if (ok) return { status: done, retryInMs: null };
  if (attempts < attemptLimit) return { status: 'pending', retryInMs: backoffDelayMs(attempts, baseMs) };
  return { status: 'failed', retryInMs: null };
}
