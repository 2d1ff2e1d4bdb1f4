/**
 * A sliding-window counter (the weighted two-window approximation): the count of the current fixed
 * window plus the previous window's count weighted by how much of it still overlaps the sliding
 * window. It never lets twice the limit through around a window boundary, as a fixed window does,
 * and keeps two numbers per key instead of a timestamp per request.
 */
export interface WindowState {
  /** start of the current fixed window, ms since the epoch, a multiple of windowMs */
  windowStart: number;
  current: number;
  previous: number;
}

export interface Decision {
  allowed: boolean;
  state: WindowState;
  /** requests left in the sliding window after this one (0 when refused) */
  remaining: number;
  /** ms until a request would be allowed again (0 when allowed) */
  retryAfterMs: number;
}

function roll(state: WindowState | undefined, now: number, windowMs: number): WindowState {
  const windowStart = Math.floor(now / windowMs) * windowMs;
  if (!state || state.windowStart < windowStart - windowMs) return { windowStart, current: 0, previous: 0 };
  if (state.windowStart < windowStart) return { windowStart, current: 0, previous: state.current };
  return state;
}

function estimate(state: WindowState, now: number, windowMs: number): number {
  const overlap = (windowMs - (now - state.windowStart)) / windowMs;
  return state.previous * overlap + state.current;
}

/**
 * Earliest wait after which `estimate + 1 <= limit`. Within the current window only the previous
 * window's share decays; if the current count alone is at the limit, the wait reaches into the next
 * window, where the current count becomes the decaying one.
 */
function waitMs(state: WindowState, now: number, limit: number, windowMs: number): number {
  const room = limit - 1 - state.current;
  if (room >= 0 && state.previous > 0) {
    const elapsedNeeded = windowMs * (1 - room / state.previous);
    return Math.max(0, Math.ceil(state.windowStart + elapsedNeeded - now));
  }
  const intoNext = state.current > 0 ? windowMs * Math.max(0, 1 - (limit - 1) / state.current) : 0;
  return Math.max(0, Math.ceil(state.windowStart + windowMs + intoNext - now));
}

/** Counts one request against `limit` per `windowMs`; refused requests are not counted. */
export function consume(previousState: WindowState | undefined, now: number, limit: number, windowMs: number): Decision {
  const state = roll(previousState, now, windowMs);
  const used = estimate(state, now, windowMs);
  if (used + 1 <= limit) {
    const next = { ...state, current: state.current + 1 };
    return { allowed: true, state: next, remaining: Math.max(0, Math.floor(limit - used - 1)), retryAfterMs: 0 };
  }
  return { allowed: false, state, remaining: 0, retryAfterMs: waitMs(state, now, limit, windowMs) };
}

/** True when a state can no longer influence any decision (both of its windows are over). */
export function isExpired(state: WindowState, now: number, windowMs: number): boolean {
  return now - state.windowStart >= 2 * windowMs;
}

/** One counted request taken back (RateLimitStore.release): from the current window, else the previous one. */
export function released(state: WindowState): WindowState {
  if (state.current > 0) return { ...state, current: state.current - 1 };
  if (state.previous > 0) return { ...state, previous: state.previous - 1 };
  return state;
}
