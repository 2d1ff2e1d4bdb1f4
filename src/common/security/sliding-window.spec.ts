import { consume, isExpired, WindowState } from './sliding-window';

const MINUTE = 60_000;
const T0 = 1_700_000_040_000; // a multiple of a minute

function run(times: number[], limit: number): { allowed: boolean[]; state: WindowState | undefined; last: ReturnType<typeof consume> } {
  let state: WindowState | undefined;
  const allowed: boolean[] = [];
  let last!: ReturnType<typeof consume>;
  for (const t of times) {
    last = consume(state, t, limit, MINUTE);
    state = last.state;
    allowed.push(last.allowed);
  }
  return { allowed, state, last };
}

describe('sliding-window rate limit', () => {
  it('allows exactly `limit` requests in a window, then refuses with the wait until the next one', () => {
    const { allowed, last } = run([T0, T0 + 1, T0 + 2, T0 + 3, T0 + 10_000], 3);
    expect(allowed).toEqual([true, true, true, false, false]);
    // current = 3 at the limit: in the next window the 3 decay, one fits once 3 * (1 - x) <= 2, x = 1/3 minute
    expect(last.retryAfterMs).toBe(T0 + MINUTE + 20_000 - (T0 + 10_000));
    expect(last.remaining).toBe(0);
  });

  it('counts down remaining and does not count refused requests', () => {
    const first = consume(undefined, T0, 2, MINUTE);
    expect(first.remaining).toBe(1);
    const second = consume(first.state, T0 + 1, 2, MINUTE);
    expect(second.remaining).toBe(0);
    const refused = consume(second.state, T0 + 2, 2, MINUTE);
    expect(refused.allowed).toBe(false);
    expect(refused.state).toEqual({ windowStart: T0, current: 2, previous: 0 });
  });

  it('weights the previous window so a boundary does not let twice the limit through', () => {
    const full = run([T0 + 59_000, T0 + 59_001, T0 + 59_002, T0 + 59_003], 4);
    expect(full.allowed).toEqual([true, true, true, true]);
    // 15 s into the next window the previous 4 still weigh 4 * 0.75 = 3: one more fits, not four
    const next1 = consume(full.state, T0 + MINUTE + 15_000, 4, MINUTE);
    expect(next1.allowed).toBe(true);
    const next2 = consume(next1.state, T0 + MINUTE + 15_001, 4, MINUTE);
    expect(next2.allowed).toBe(false);
    // it fits once 4 * (1 - e) + 1 <= 3, i.e. e = 1/2 minute into the window
    expect(next2.retryAfterMs).toBe(T0 + MINUTE + 30_000 - (T0 + MINUTE + 15_001));
    const later = consume(next2.state, T0 + MINUTE + 30_000, 4, MINUTE);
    expect(later.allowed).toBe(true);
  });

  it('forgets everything after two idle windows', () => {
    const full = run([T0, T0 + 1], 2);
    const afterIdle = consume(full.state, T0 + 2 * MINUTE + 5, 2, MINUTE);
    expect(afterIdle.allowed).toBe(true);
    expect(afterIdle.state).toEqual({ windowStart: T0 + 2 * MINUTE, current: 1, previous: 0 });
    expect(isExpired(full.state!, T0 + 2 * MINUTE - 1, MINUTE)).toBe(false);
    expect(isExpired(full.state!, T0 + 2 * MINUTE, MINUTE)).toBe(true);
  });

  it('a limit of 1 waits until the request has fully decayed: the end of the next window', () => {
    const { allowed, last } = run([T0 + 30_000, T0 + 30_001], 1);
    expect(allowed).toEqual([true, false]);
    expect(last.retryAfterMs).toBe(T0 + 2 * MINUTE - (T0 + 30_001));
    expect(consume(last.state, T0 + 2 * MINUTE - 1, 1, MINUTE).allowed).toBe(false);
    expect(consume(last.state, T0 + 2 * MINUTE, 1, MINUTE).allowed).toBe(true);
  });
});
