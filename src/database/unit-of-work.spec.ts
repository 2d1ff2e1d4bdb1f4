import { retryDelayMs } from './unit-of-work';

describe('retryDelayMs', () => {
  it('spreads each retry over a window that doubles: under 40, 80, then 160 ms', () => {
    expect([1, 2, 3].map((attempt) => retryDelayMs(attempt, 0))).toEqual([0, 0, 0]);
    expect([1, 2, 3].map((attempt) => retryDelayMs(attempt, 0.999))).toEqual([39, 79, 159]);
    expect(retryDelayMs(2, 0.5)).toBe(40);
  });
});
