import { describe, expect, it } from 'vitest';
import { businessToday } from './business-day';
import { randomToken } from './random-token';

describe('businessToday', () => {
  it('is the date on the business wall clock, not the browser one', () => {
    const instant = new Date('2026-11-27T23:30:00Z');
    expect(businessToday('UTC', instant)).toBe('2026-11-27');
    expect(businessToday('Europe/Berlin', instant)).toBe('2026-11-28');
    expect(businessToday('America/Los_Angeles', new Date('2026-11-28T05:00:00Z'))).toBe('2026-11-27');
  });
});

describe('randomToken', () => {
  it('is visible ASCII (a valid webhook secret and idempotency key) and differs each time', () => {
    const a = randomToken();
    expect(a).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(randomToken()).not.toBe(a);
  });
});
