import { describe, expect, it } from 'vitest';
import { Attempts, newIdempotencyKey } from './idempotency';

describe('one Idempotency-Key per attempt', () => {
  it('reuses the key while the body is the same, a new one when it changes', () => {
    let n = 0;
    const attempts = new Attempts(() => `k${++n}`);
    const body = { items: [{ product_id: 'p', quantity: 1 }], payment_method: 'cash' };
    expect(attempts.keyFor(body)).toBe('k1');
    expect(attempts.keyFor({ ...body })).toBe('k1');
    expect(attempts.keyFor({ ...body, payment_method: 'card' })).toBe('k2');
    expect(attempts.keyFor(body)).toBe('k3');
  });

  it('starts a new attempt after a success, even for an equal body', () => {
    let n = 0;
    const attempts = new Attempts(() => `k${++n}`);
    expect(attempts.keyFor({ a: 1 })).toBe('k1');
    attempts.done();
    expect(attempts.keyFor({ a: 1 })).toBe('k2');
  });

  it('makes keys the API accepts (1 to 255 characters), different each time', () => {
    const a = newIdempotencyKey();
    expect(a.length).toBeGreaterThan(0);
    expect(a.length).toBeLessThanOrEqual(255);
    expect(newIdempotencyKey()).not.toBe(a);
  });
});
