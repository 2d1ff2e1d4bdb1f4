import { randomBytes } from 'crypto';
import { UnitOfWork } from '../src/database/unit-of-work';
import { endSessions } from '../src/modules/auth/end-sessions';
import { createBusiness, startTestApp, TestApp, TestBusiness } from './helpers/test-app';
import { createStaff, PASSWORD, sessionSetCookie, signIn } from './helpers/staff-sessions';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/**
 * docs/api.md 19 across processes: two servers on one database and one Redis. A session ended, a
 * member's role changed, in one is seen by the other's next request; failed sign-ins are counted
 * for both together. The second runs behind a proxy (TRUST_PROXY).
 */
describe('sessions and sign-in throttling across two processes', () => {
  let a: TestApp;
  let b: TestApp;
  let biz: TestBusiness;
  const api = '/api/v1';

  beforeAll(async () => {
    const redis = { redisUrl: REDIS_URL, redisKeyPrefix: `test-auth-${randomBytes(6).toString('hex')}:` };
    a = await startTestApp(redis);
    b = await startTestApp({ ...redis, trustProxy: true }, { databaseUrl: a.databaseUrl });
    biz = await createBusiness(a, 'Two Process Shop');
  }, 90_000);
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('a session revoked in one process is refused by the other at once', async () => {
    const staff = await createStaff(a, biz.business_id);
    const first = await signIn(a, staff.email);
    const second = await signIn(a, staff.email);
    await b.http().get(`${api}/auth/session`).set('Cookie', first.cookie).expect(200);
    await b.http().get(`${api}/auth/session`).set('Cookie', second.cookie).expect(200);
    const [row] = await a.db.query(`SELECT id FROM user_sessions WHERE token_hash = encode(sha256($1::bytea), 'hex')`, [second.token]);
    await a.http().delete(`${api}/auth/sessions/${row.id}`).set(first.writes).expect(204);
    await b.http().get(`${api}/auth/session`).set('Cookie', second.cookie).expect(401);
    await b.http().get(`${api}/auth/session`).set('Cookie', first.cookie).expect(200);
  });

  it('endSessions in one process (a password change, a removed member) ends them in the other, per business when given', async () => {
    const other = await createBusiness(a, 'Other Shop');
    const staff = await createStaff(a, biz.business_id);
    await createStaff(a, other.business_id, { userId: staff.userId });
    const here = await signIn(a, staff.email);
    const there = await signIn(a, staff.email);
    await b.http().post(`${api}/auth/session/business`).set(there.writes).send({ business_id: other.business_id }).expect(200);

    await a.app.get(UnitOfWork).run((tx) => endSessions(tx, staff.userId, other.business_id));
    await b.http().get(`${api}/auth/session`).set('Cookie', there.cookie).expect(401);
    await b.http().get(`${api}/auth/session`).set('Cookie', here.cookie).expect(200);
    await a.app.get(UnitOfWork).run((tx) => endSessions(tx, staff.userId));
    await b.http().get(`${api}/auth/session`).set('Cookie', here.cookie).expect(401);
  });

  it("a role changed in the database is the session's scopes at its next request in every process", async () => {
    const staff = await createStaff(a, biz.business_id, { role: 'owner' });
    const s = await signIn(a, staff.email);
    await b.http().get(`${api}/api-keys`).set('Cookie', s.cookie).expect(200);
    await a.db.query(`UPDATE business_members SET built_in_role = 'cashier' WHERE id = $1`, [staff.memberId]);
    await b.http().get(`${api}/api-keys`).set('Cookie', s.cookie).expect(403);
  });

  it('counts failed sign-ins of one email in both processes together: the sixth is 429 even with the right password', async () => {
    const staff = await createStaff(a, biz.business_id);
    for (let i = 0; i < 5; i++) {
      const app = i % 2 === 0 ? a : b;
      await app
        .http()
        .post(`${api}/auth/sign-in`)
        .set('X-Forwarded-For', `198.51.100.${i}`)
        .send({ email: staff.email, password: 'wrong-password-here' })
        .expect(401);
    }
    const limited = await b
      .http()
      .post(`${api}/auth/sign-in`)
      .set('X-Forwarded-For', '198.51.100.99')
      .send({ email: staff.email, password: PASSWORD })
      .expect(429);
    expect(limited.body.error.code).toBe('TOO_MANY_ATTEMPTS');
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(30 * 60);
    expect(sessionSetCookie(limited)).toBeUndefined();
    await a.http().post(`${api}/auth/sign-in`).send({ email: staff.email, password: PASSWORD }).expect(429);
  });

  it('refuses a client address after 20 failures in a minute, whichever emails, also in the other process', async () => {
    const address = `203.0.113.${Math.floor(Math.random() * 200) + 1}`;
    for (let i = 0; i < 20; i++) {
      await b
        .http()
        .post(`${api}/auth/sign-in`)
        .set('X-Forwarded-For', address)
        .send({ email: `nobody-${i}@example.com`, password: 'wrong-password-here' })
        .expect(401);
    }
    const staff = await createStaff(a, biz.business_id);
    const limited = await b.http().post(`${api}/auth/sign-in`).set('X-Forwarded-For', address).send({ email: staff.email, password: PASSWORD }).expect(429);
    expect(limited.headers['retry-after']).toBeDefined();
    // the same email from another address signs in
    await b.http().post(`${api}/auth/sign-in`).set('X-Forwarded-For', '192.0.2.7').send({ email: staff.email, password: PASSWORD }).expect(200);
  });

  it('throttles two-factor codes: after 5 wrong codes, the right one is 429', async () => {
    const staff = await createStaff(a, biz.business_id);
    const s = await signIn(a, staff.email);
    await a.http().post(`${api}/auth/two-factor/setup`).set(s.writes).expect(200);
    for (let i = 0; i < 5; i++) {
      const res = await b
        .http()
        .post(`${api}/auth/two-factor/enable`)
        .set('X-Forwarded-For', `198.51.100.${100 + i}`)
        .set(s.writes)
        .send({ code: 'abcdef' })
        .expect(400);
      expect(res.body.error.code).toBe('INVALID_TWO_FACTOR_CODE');
    }
    const limited = await a.http().post(`${api}/auth/two-factor/enable`).set(s.writes).send({ code: '123456' }).expect(429);
    expect(limited.body.error.code).toBe('TOO_MANY_ATTEMPTS');
  });

  it('marks the cookie Secure when the request came over https (TRUST_PROXY: X-Forwarded-Proto), not otherwise', async () => {
    const staff = await createStaff(a, biz.business_id);
    const https = await b.http().post(`${api}/auth/sign-in`).set('X-Forwarded-Proto', 'https').send({ email: staff.email, password: PASSWORD }).expect(200);
    expect(sessionSetCookie(https)).toMatch(/; Secure/);
    const plain = await b.http().post(`${api}/auth/sign-in`).send({ email: staff.email, password: PASSWORD }).expect(200);
    expect(sessionSetCookie(plain)).not.toMatch(/Secure/);
    // without TRUST_PROXY the header is not believed
    const untrusted = await a.http().post(`${api}/auth/sign-in`).set('X-Forwarded-Proto', 'https').send({ email: staff.email, password: PASSWORD }).expect(200);
    expect(sessionSetCookie(untrusted)).not.toMatch(/Secure/);
  });
});
