import { DomainError, RetryLaterError } from '../../common/errors/domain-error';
import { MemoryRateLimitStore } from '../../common/security/memory-rate-limit-store';
import { AuthThrottle } from './auth-throttle';

describe('AuthThrottle (docs/api.md 19)', () => {
  let now: number;
  let throttle: AuthThrottle;
  beforeEach(() => {
    now = 1_800_000_000_000;
    throttle = new AuthThrottle(new MemoryRateLimitStore(() => now));
  });

  const refusal = async (promise: Promise<unknown>): Promise<RetryLaterError> => {
    const err = await promise.then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(RetryLaterError);
    expect((err as DomainError).code).toBe('TOO_MANY_ATTEMPTS');
    return err as RetryLaterError;
  };

  it('lets 5 failures of one email through, then refuses the 6th whatever the address, for about 15 minutes', async () => {
    for (let i = 0; i < 5; i++) await throttle.check('sign-in', { email: 'Ann@Example.com', address: `10.0.0.${i}` });
    const err = await refusal(throttle.check('sign-in', { email: 'ann@example.com ', address: '10.0.1.1' }));
    expect(err.retryAfterSeconds).toBeGreaterThan(60);
    expect(err.retryAfterSeconds).toBeLessThanOrEqual(30 * 60);
    // another email from the same address is not affected; another kind neither
    await throttle.check('sign-in', { email: 'bob@example.com', address: '10.0.1.1' });
    await throttle.check('two-factor', { email: 'ann@example.com', address: '10.0.1.1' });
    now += 31 * 60_000;
    await throttle.check('sign-in', { email: 'ann@example.com', address: '10.0.1.1' });
  });

  it('does not count an attempt that succeeded', async () => {
    for (let i = 0; i < 20; i++) await (await throttle.check('sign-in', { email: 'ann@example.com', address: '10.0.0.1' })).succeeded();
    await throttle.check('sign-in', { email: 'ann@example.com', address: '10.0.0.1' });
  });

  it('refuses an address after 20 failures in a minute, whichever emails, and a refusal is not counted', async () => {
    for (let i = 0; i < 20; i++) await throttle.check('sign-in', { email: `u${i}@example.com`, address: '10.0.0.9' });
    const err = await refusal(throttle.check('sign-in', { email: 'new@example.com', address: '10.0.0.9' }));
    expect(err.retryAfterSeconds).toBeLessThanOrEqual(120);
    // the refused attempt did not use one of new@'s five
    for (let i = 0; i < 5; i++) await throttle.check('sign-in', { email: 'new@example.com', address: `10.0.2.${i}` });
    await refusal(throttle.check('sign-in', { email: 'new@example.com', address: '10.0.3.1' }));
  });

  it('guard: a falsy result stays counted, a truthy one is taken back', async () => {
    for (let i = 0; i < 5; i++) expect(await throttle.guard('token', { address: '10.0.0.1' }, () => Promise.resolve(true))).toBe(true);
    for (let i = 0; i < 20; i++) await throttle.guard('token', { address: '10.0.0.1' }, () => Promise.resolve(false));
    await refusal(throttle.guard('token', { address: '10.0.0.1' }, () => Promise.resolve(true)));
  });
});
