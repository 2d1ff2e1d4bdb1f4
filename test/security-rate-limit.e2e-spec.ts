import { createApiKey } from '../src/modules/businesses/business-provisioning';
import { countRows, createBusiness, startTestApp, TestApp } from './helpers/test-app';

/** Issue 6 item 3 / docs/api.md 11: RATE_LIMIT_PER_MINUTE per API key, 429 RATE_LIMITED with Retry-After. */
describe('security: rate limit per API key', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp({ rateLimitPerMinute: 5 });
  });
  afterAll(() => t.close());

  it('the sixth request of a key within a minute is 429 with Retry-After and the contract body', async () => {
    const biz = await createBusiness(t);
    const remaining: string[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await t.http().get('/api/v1/business').set(biz.auth).expect(200);
      expect(res.headers['x-ratelimit-limit']).toBe('5');
      remaining.push(res.headers['x-ratelimit-remaining']);
    }
    // counted per request, decaying with the sliding window: never more than 5 through
    expect(remaining[remaining.length - 1]).toBe('0');
    const limited = await t.http().get('/api/v1/business').set(biz.auth).expect(429);
    const retryAfter = Number(limited.headers['retry-after']);
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(120);
    expect(limited.body).toEqual({
      success: false,
      error: {
        code: 'RATE_LIMITED',
        message: 'Rate limit of 5 requests per minute exceeded for this API key',
        details: [{ limit_per_minute: 5, retry_after_seconds: retryAfter }],
        request_id: limited.headers['x-request-id'],
      },
    });
  });

  it('a rate-limited write writes nothing', async () => {
    const biz = await createBusiness(t);
    for (let i = 0; i < 5; i++)
      await t
        .http()
        .post('/api/v1/products')
        .set(biz.auth)
        .send({ name: `P${i}`, price: 1 })
        .expect(201);
    const refused = await t.http().post('/api/v1/products').set(biz.auth).send({ name: 'P5', price: 1 }).expect(429);
    expect(refused.body.error.code).toBe('RATE_LIMITED');
    expect(await countRows(t, 'products', biz.business_id)).toBe(5);
  });

  it('counts per key: another key of the same business and another business are not affected', async () => {
    const biz = await createBusiness(t);
    const other = await createBusiness(t, 'Other');
    const second = await createApiKey(t.db, biz.business_id);
    for (let i = 0; i < 5; i++) await t.http().get('/api/v1/business').set(biz.auth).expect(200);
    await t.http().get('/api/v1/business').set(biz.auth).expect(429);
    await t.http().get('/api/v1/business').set('Authorization', `Bearer ${second.api_key}`).expect(200);
    await t.http().get('/api/v1/business').set(other.auth).expect(200);
  });

  it('runs after authentication: bad keys are 401 and do not use up a key; public routes are not limited', async () => {
    const biz = await createBusiness(t);
    for (let i = 0; i < 8; i++) {
      const res = await t.http().get('/api/v1/business').set('Authorization', 'Bearer bo_neverissuedneverissuedneverissued').expect(401);
      expect(res.body.error.code).toBe('UNAUTHORIZED');
      await t.http().get('/health').expect(200);
    }
    for (let i = 0; i < 5; i++) await t.http().get('/api/v1/business').set(biz.auth).expect(200);
    await t.http().get('/api/v1/business').set(biz.auth).expect(429);
  });

  it('RATE_LIMIT_PER_MINUTE=0 disables the limit', async () => {
    const open = await startTestApp({ rateLimitPerMinute: 0 });
    try {
      const biz = await createBusiness(open);
      for (let i = 0; i < 12; i++) {
        const res = await open.http().get('/api/v1/business').set(biz.auth).expect(200);
        expect(res.headers['x-ratelimit-limit']).toBeUndefined();
      }
    } finally {
      await open.close();
    }
  });
});

/**
 * Issue 35 point 4: a restricted key's 403s are the key's own requests. They use its per-key budget
 * (a key hammering routes outside its scopes is limited like any other), never the address's budget
 * of refused keys (AUTH_FAILURES_PER_MINUTE, which 401s use), and never another key's.
 */
describe('security: the rate limits and restricted keys', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp({ rateLimitPerMinute: 5, authFailuresPerMinute: 3 });
  });
  afterAll(() => t.close());

  it("a restricted key's 403s count against its own budget only, not as authentication failures", async () => {
    const biz = await createBusiness(t);
    const till = await createApiKey(t.db, biz.business_id, { name: 'Till', scopes: ['sales'] });
    const tillAuth = { Authorization: `Bearer ${till.api_key}` };
    for (let i = 0; i < 5; i++) {
      const res = await t.http().get('/api/v1/finance/summary').set(tillAuth).expect(403);
      expect(res.body.error).toMatchObject({ code: 'FORBIDDEN_SCOPE', details: [{ required: 'finance' }] });
      expect(res.headers['x-ratelimit-remaining']).toBe(String(4 - i));
    }
    expect((await t.http().get('/api/v1/products').set(tillAuth).expect(429)).body.error.code).toBe('RATE_LIMITED');
    // the business's admin key was never touched by the till's refusals
    await t.http().get('/api/v1/business').set(biz.auth).expect(200);
    // the address has refused no key: its three failures are all left (the fourth bad key is the 429)
    for (let i = 0; i < 3; i++) await t.http().get('/api/v1/business').set('Authorization', 'Bearer bo_neverissuedneverissuedneverissued').expect(401);
    await t.http().get('/api/v1/business').set('Authorization', 'Bearer bo_neverissuedneverissuedneverissued').expect(429);
  });
});
