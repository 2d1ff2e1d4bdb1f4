import { createHash } from 'crypto';
import { createBusiness, startTestApp, TestApp, TestBusiness } from './helpers/test-app';
import { createStaff, PASSWORD, sessionSetCookie, signIn } from './helpers/staff-sessions';
import { metricsRegistry } from '../src/common/metrics/registry';
import { ActivityRecord } from '../src/common/activity/activity-record';
import { Tx } from '../src/database/transaction';
import { earlier } from './helpers/earlier-time';

/** sign_ins_total{outcome} of this process. */
async function signIns(outcome: 'succeeded' | 'refused'): Promise<number> {
  const metric = await metricsRegistry.getSingleMetric('sign_ins_total')!.get();
  return metric.values.find((v) => v.labels.outcome === outcome)?.value ?? 0;
}

/** The token with its last character replaced by another one (never by itself: 'A' for a token ending in 'A' was the token). */
function oneCharacterChanged(token: string): string {
  return token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A');
}

/** docs/api.md 19: sign-in, the session cookie, CSRF, scopes of the role, sessions, expiry, switching business. */
describe('Staff sign-in and sessions', () => {
  let t: TestApp;
  let biz: TestBusiness;
  const api = '/api/v1';

  beforeAll(async () => {
    t = await startTestApp();
    biz = await createBusiness(t, 'Sessions Shop');
  }, 60_000);
  afterAll(() => t.close());

  const sessionRows = async (userId: string) =>
    t.db.query<Array<{ id: string; token_hash: string; business_id: string }>>(`SELECT id, token_hash, business_id FROM user_sessions WHERE user_id = $1`, [
      userId,
    ]);

  it('signs in: the session JSON, an HttpOnly SameSite=Strict cookie on /, a token kept only as its hash', async () => {
    const staff = await createStaff(t, biz.business_id, { role: 'cashier' });
    const s = await signIn(t, staff.email.toUpperCase());
    expect(s.res.body.data).toEqual({
      user: { id: staff.userId, email: staff.email, name: staff.name, two_factor: false },
      memberships: [{ business_id: biz.business_id, business_name: 'Sessions Shop', role: 'cashier', scopes: ['sales', 'orders:read', 'customers'] }],
      business_id: biz.business_id,
      role: 'cashier',
      scopes: ['sales', 'orders:read', 'customers'],
      csrf_token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
    });
    const set = sessionSetCookie(s.res)!;
    expect(set).toMatch(/^bo_session=[A-Za-z0-9_-]{43};/);
    expect(set).toMatch(/; HttpOnly/);
    expect(set).toMatch(/; SameSite=Strict/);
    expect(set).toMatch(/; Path=\//);
    expect(set).not.toMatch(/Secure/); // plain http, no TRUST_PROXY
    const rows = await sessionRows(staff.userId);
    expect(rows).toHaveLength(1);
    expect(rows[0].token_hash).toBe(createHash('sha256').update(s.token).digest('hex'));
    const [member] = await t.db.query(`SELECT last_sign_in_at FROM business_members WHERE id = $1`, [staff.memberId]);
    expect(member.last_sign_in_at).not.toBeNull();

    const who = await t.http().get(`${api}/auth/session`).set('Cookie', s.cookie).expect(200);
    expect(who.body.data).toEqual(s.res.body.data);
    const business = await t.http().get(`${api}/business`).set('Cookie', s.cookie).expect(200);
    expect(business.body.data.id).toBe(biz.business_id);
  });

  it('answers a wrong email and a wrong password with the same 401 INVALID_CREDENTIALS', async () => {
    const staff = await createStaff(t, biz.business_id);
    const invited = await createStaff(t, biz.business_id, { status: 'invited' });
    await t.db.query(`UPDATE users SET password_hash = NULL WHERE id = $1`, [invited.userId]);
    const answers = [];
    for (const body of [
      { email: 'nobody-here@example.com', password: PASSWORD },
      { email: staff.email, password: 'not-the-password-at-all' },
      { email: invited.email, password: PASSWORD },
    ]) {
      const res = await t.http().post(`${api}/auth/sign-in`).send(body).expect(401);
      expect(sessionSetCookie(res)).toBeUndefined();
      answers.push({ ...res.body, error: { ...res.body.error, request_id: undefined } });
    }
    expect(answers[0].error.code).toBe('INVALID_CREDENTIALS');
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);
    expect(await sessionRows(staff.userId)).toEqual([]);
  });

  it('refuses a cookie-authenticated write without the session CSRF token (403 CSRF_FAILED), writing nothing', async () => {
    const staff = await createStaff(t, biz.business_id, { role: 'manager' });
    const s = await signIn(t, staff.email);
    const product = { name: 'Tea', sku: `TEA-${Date.now()}`, price: 3.5 };
    const count = async () => (await t.db.query(`SELECT count(*)::int AS n FROM products WHERE business_id = $1`, [biz.business_id]))[0].n;
    const before = await count();
    const none = await t.http().post(`${api}/products`).set('Cookie', s.cookie).send(product).expect(403);
    expect(none.body.error.code).toBe('CSRF_FAILED');
    const wrong = await t.http().post(`${api}/products`).set('Cookie', s.cookie).set('X-CSRF-Token', oneCharacterChanged(s.csrf)).send(product).expect(403);
    expect(wrong.body.error.code).toBe('CSRF_FAILED');
    expect(await count()).toBe(before);
    await t.http().post(`${api}/products`).set(s.writes).send(product).expect(201);
    expect(await count()).toBe(before + 1);
  });

  it('refuses a cookie and a Bearer key together (400 AMBIGUOUS_CREDENTIALS)', async () => {
    const staff = await createStaff(t, biz.business_id);
    const s = await signIn(t, staff.email);
    const res = await t.http().get(`${api}/products`).set('Cookie', s.cookie).set(biz.auth).expect(400);
    expect(res.body.error.code).toBe('AMBIGUOUS_CREDENTIALS');
  });

  it("gives a session its role's scopes: 403 FORBIDDEN_SCOPE outside them, also for an own role", async () => {
    const cashier = await signIn(t, (await createStaff(t, biz.business_id, { role: 'cashier' })).email);
    await t.http().get(`${api}/orders`).set('Cookie', cashier.cookie).expect(200);
    const refused = await t.http().post(`${api}/products`).set(cashier.writes).send({ name: 'X', sku: 'X-1', price: 1 }).expect(403);
    expect(refused.body.error).toMatchObject({ code: 'FORBIDDEN_SCOPE', details: [{ required: 'products:write' }] });
    await t.http().get(`${api}/api-keys`).set('Cookie', cashier.cookie).expect(403);

    const own = await signIn(t, (await createStaff(t, biz.business_id, { role: { scopes: ['inventory'] } })).email);
    expect(own.res.body.data.scopes).toEqual(['inventory']);
    await t.http().get(`${api}/warehouses`).set('Cookie', own.cookie).expect(200);
    const noOrders = await t.http().get(`${api}/orders`).set('Cookie', own.cookie).expect(403);
    expect(noOrders.body.error.details).toEqual([{ required: 'orders:read' }]);
  });

  it("lists the user's sessions and ends one at once; another user's session is 404", async () => {
    const staff = await createStaff(t, biz.business_id);
    const first = await signIn(t, staff.email);
    const second = await t.http().post(`${api}/auth/sign-in`).set('User-Agent', 'Till 2').send({ email: staff.email, password: PASSWORD }).expect(200);
    const secondCookie = sessionSetCookie(second)!.split(';')[0];
    const list = await t.http().get(`${api}/auth/sessions`).set('Cookie', first.cookie).expect(200);
    expect(list.body.data).toHaveLength(2);
    const [newest, oldest] = list.body.data;
    expect(newest).toMatchObject({ user_agent: 'Till 2', current: false, ip: expect.any(String) });
    expect(oldest.current).toBe(true);
    expect(Object.keys(newest).sort()).toEqual(['created_at', 'current', 'id', 'ip', 'last_seen_at', 'user_agent']);

    const other = await signIn(t, (await createStaff(t, biz.business_id)).email);
    await t.http().delete(`${api}/auth/sessions/${newest.id}`).set(other.writes).expect(404);
    await t.http().get(`${api}/auth/session`).set('Cookie', secondCookie).expect(200);

    await t.http().delete(`${api}/auth/sessions/${newest.id}`).set(first.writes).expect(204);
    const ended = await t.http().get(`${api}/auth/session`).set('Cookie', secondCookie).expect(401);
    expect(ended.body.error.code).toBe('UNAUTHORIZED');
    expect(sessionSetCookie(ended)).toMatch(/^bo_session=;.*Max-Age=0/);
    await t.http().delete(`${api}/auth/sessions/${newest.id}`).set(first.writes).expect(404);
    expect((await t.http().get(`${api}/auth/sessions`).set('Cookie', first.cookie).expect(200)).body.data).toHaveLength(1);
  });

  it('ends a session after SESSION_IDLE_MINUTES without a request and SESSION_MAX_HOURS after sign-in', async () => {
    const staff = await createStaff(t, biz.business_id);
    const idle = await signIn(t, staff.email);
    await t.db.query(`UPDATE user_sessions SET last_seen_at = now() - interval '719 minutes' WHERE token_hash = $1`, [hash(idle.token)]);
    await t.http().get(`${api}/auth/session`).set('Cookie', idle.cookie).expect(200); // and seen now
    await t.db.query(`UPDATE user_sessions SET last_seen_at = ${earlier('last_seen_at', "interval '719 minutes'")} WHERE token_hash = $1`, [hash(idle.token)]);
    await t.http().get(`${api}/auth/session`).set('Cookie', idle.cookie).expect(200);
    await t.db.query(`UPDATE user_sessions SET last_seen_at = now() - interval '721 minutes' WHERE token_hash = $1`, [hash(idle.token)]);
    await t.http().get(`${api}/auth/session`).set('Cookie', idle.cookie).expect(401);

    const old = await signIn(t, staff.email);
    await t.db.query(`UPDATE user_sessions SET expires_at = now() - interval '1 second' WHERE token_hash = $1`, [hash(old.token)]);
    await t.http().get(`${api}/auth/session`).set('Cookie', old.cookie).expect(401);
    const [row] = await t.db.query(`SELECT extract(epoch FROM expires_at - created_at)::float AS seconds FROM user_sessions WHERE token_hash = $1`, [
      hash((await signIn(t, staff.email)).token),
    ]);
    expect(Math.abs(row.seconds - 168 * 3600)).toBeLessThan(60);
  });

  it('writes last_seen_at at most about once a minute', async () => {
    const staff = await createStaff(t, biz.business_id);
    const s = await signIn(t, staff.email);
    const seen = async () => (await t.db.query(`SELECT last_seen_at FROM user_sessions WHERE token_hash = $1`, [hash(s.token)]))[0].last_seen_at as Date;
    await t.db.query(`UPDATE user_sessions SET last_seen_at = now() - interval '30 seconds' WHERE token_hash = $1`, [hash(s.token)]);
    const recent = await seen();
    await t.http().get(`${api}/auth/session`).set('Cookie', s.cookie).expect(200);
    expect(await seen()).toEqual(recent);
    await t.db.query(`UPDATE user_sessions SET last_seen_at = now() - interval '5 minutes' WHERE token_hash = $1`, [hash(s.token)]);
    const stale = await seen();
    await t.http().get(`${api}/auth/session`).set('Cookie', s.cookie).expect(200);
    expect((await seen()).getTime()).toBeGreaterThan(stale.getTime() + 4 * 60_000);
  });

  it('signs out: the session ends, the cookie is cleared', async () => {
    const staff = await createStaff(t, biz.business_id);
    const s = await signIn(t, staff.email);
    const noCsrf = await t.http().post(`${api}/auth/sign-out`).set('Cookie', s.cookie).expect(403);
    expect(noCsrf.body.error.code).toBe('CSRF_FAILED');
    const out = await t.http().post(`${api}/auth/sign-out`).set(s.writes).expect(204);
    expect(sessionSetCookie(out)).toMatch(/^bo_session=;/);
    expect(await sessionRows(staff.userId)).toEqual([]);
    await t.http().get(`${api}/auth/session`).set('Cookie', s.cookie).expect(401);
  });

  it('switches business among active memberships; a business it is no (active) member of is 404', async () => {
    const other = await createBusiness(t, 'Second Shop');
    const third = await createBusiness(t, 'Third Shop');
    const staff = await createStaff(t, biz.business_id, { role: 'owner' });
    await createStaff(t, other.business_id, { role: 'clerk', userId: staff.userId });
    await createStaff(t, third.business_id, { role: 'owner', userId: staff.userId, status: 'disabled' });
    const s = await signIn(t, staff.email);
    expect(s.res.body.data.business_id).toBe(biz.business_id);
    expect(s.res.body.data.memberships.map((m: { business_id: string }) => m.business_id)).toEqual([biz.business_id, other.business_id]);

    const moved = await t.http().post(`${api}/auth/session/business`).set(s.writes).send({ business_id: other.business_id }).expect(200);
    expect(moved.body.data).toMatchObject({ business_id: other.business_id, role: 'clerk', scopes: ['inventory', 'products:read', 'purchasing'] });
    expect((await t.http().get(`${api}/business`).set('Cookie', s.cookie).expect(200)).body.data.id).toBe(other.business_id);
    await t.http().get(`${api}/api-keys`).set('Cookie', s.cookie).expect(403);

    for (const businessId of [third.business_id, '00000000-0000-4000-8000-000000000000']) {
      const res = await t.http().post(`${api}/auth/session/business`).set(s.writes).send({ business_id: businessId }).expect(404);
      expect(res.body.error.code).toBe('NOT_FOUND');
    }
    expect((await t.http().get(`${api}/business`).set('Cookie', s.cookie).expect(200)).body.data.id).toBe(other.business_id);
  });

  it('a disabled member or a removed membership no longer authenticates in that business', async () => {
    const disabled = await createStaff(t, biz.business_id);
    const s1 = await signIn(t, disabled.email);
    await t.db.query(`UPDATE business_members SET status = 'disabled' WHERE id = $1`, [disabled.memberId]);
    await t.http().get(`${api}/auth/session`).set('Cookie', s1.cookie).expect(401);
    const removed = await createStaff(t, biz.business_id);
    const s2 = await signIn(t, removed.email);
    await t.db.query(`DELETE FROM business_members WHERE id = $1`, [removed.memberId]);
    await t.http().get(`${api}/products`).set('Cookie', s2.cookie).expect(401);
  });

  it('refuses sign-in without an active membership (403 NO_ACTIVE_MEMBERSHIP, no session)', async () => {
    const staff = await createStaff(t, biz.business_id, { status: 'disabled' });
    const res = await t.http().post(`${api}/auth/sign-in`).send({ email: staff.email, password: PASSWORD }).expect(403);
    expect(res.body.error.code).toBe('NO_ACTIVE_MEMBERSHIP');
    expect(await sessionRows(staff.userId)).toEqual([]);
  });

  it("an API key calling a session's own route is 401; an unknown cookie is 401", async () => {
    const res = await t.http().get(`${api}/auth/session`).set(biz.auth).expect(401);
    expect(res.body.error.code).toBe('UNAUTHORIZED');
    await t.http().get(`${api}/products`).set('Cookie', 'bo_session=not-a-session').expect(401);
  });

  it('refuses a session before reading the body: a CSRF refusal or an ended session never parses it', async () => {
    const staff = await createStaff(t, biz.business_id, { role: 'manager' });
    const s = await signIn(t, staff.email);
    const raw = '{"name": "half a body';
    const csrf = await t.http().post(`${api}/products`).set('Cookie', s.cookie).set('Content-Type', 'application/json').send(raw).expect(403);
    expect(csrf.body.error.code).toBe('CSRF_FAILED');
    await t.http().post(`${api}/products`).set(s.writes).set('Content-Type', 'application/json').send(raw).expect(400); // parsed once let through
    await t.http().post(`${api}/auth/sign-out`).set(s.writes).expect(204);
    const ended = await t.http().post(`${api}/products`).set(s.writes).set('Content-Type', 'application/json').send(raw).expect(401);
    expect(ended.headers.connection).toBe('close');
  });

  it('validates the sign-in body: unknown fields, wrong types and overlong values are 400, no session', async () => {
    const staff = await createStaff(t, biz.business_id);
    for (const body of [
      { email: staff.email, password: PASSWORD, remember: true },
      { email: staff.email, password: 42 },
      { email: [staff.email], password: PASSWORD },
      { email: staff.email, password: 'x'.repeat(129) },
      { email: staff.email, password: PASSWORD, code: 'x'.repeat(33) },
      { email: staff.email },
    ]) {
      const res = await t.http().post(`${api}/auth/sign-in`).send(body).expect(400);
      expect(res.body.error.code).toBe('VALIDATION_FAILED');
      expect(sessionSetCookie(res)).toBeUndefined();
    }
    expect(await sessionRows(staff.userId)).toEqual([]);
  });

  it('counts sign-ins in sign_ins_total by outcome', async () => {
    const staff = await createStaff(t, biz.business_id);
    const [ok, refused] = [await signIns('succeeded'), await signIns('refused')];
    await signIn(t, staff.email);
    await t.http().post(`${api}/auth/sign-in`).send({ email: staff.email, password: 'not-the-password' }).expect(401);
    expect(await signIns('succeeded')).toBe(ok + 1);
    expect(await signIns('refused')).toBe(refused + 1);
  });

  it("seals a key created by a session under that session: another owner's session replaying it gets 409", async () => {
    const one = await signIn(t, (await createStaff(t, biz.business_id, { role: 'owner' })).email);
    const two = await signIn(t, (await createStaff(t, biz.business_id, { role: 'owner' })).email);
    const body = { name: 'Till', scopes: ['sales'] };
    const first = await t.http().post(`${api}/api-keys`).set(one.writes).set('Idempotency-Key', 'session-key-1').send(body).expect(201);
    const replay = await t.http().post(`${api}/api-keys`).set(one.writes).set('Idempotency-Key', 'session-key-1').send(body).expect(201);
    expect(replay.body.data.api_key).toBe(first.body.data.api_key);
    const other = await t.http().post(`${api}/api-keys`).set(two.writes).set('Idempotency-Key', 'session-key-1').send(body).expect(409);
    expect(other.text).not.toContain(first.body.data.api_key);
  });

  it('records auth.sign_in, auth.sign_in_failed, auth.session_revoked and auth.sign_out on the Tx, never a secret', async () => {
    const recorded: ActivityRecord[] = [];
    // eslint-disable-next-line @typescript-eslint/unbound-method -- put back as it was
    const record = Tx.prototype.recordActivity;
    Tx.prototype.recordActivity = function (this: Tx, entry: ActivityRecord) {
      recorded.push(entry);
      record.call(this, entry);
    };
    try {
      const staff = await createStaff(t, biz.business_id);
      const s = await signIn(t, staff.email);
      const other = await signIn(t, staff.email);
      await t.http().post(`${api}/auth/sign-in`).send({ email: staff.email, password: 'not-the-password' }).expect(401);
      const [row] = await t.db.query(`SELECT id FROM user_sessions WHERE token_hash = $1`, [hash(other.token)]);
      await t.http().delete(`${api}/auth/sessions/${row.id}`).set(s.writes).expect(204);
      await t.http().post(`${api}/auth/sign-out`).set(s.writes).expect(204);
      // the failed sign-in's entry is written after its answer
      for (let i = 0; i < 500 && !recorded.some((e) => e.action === 'auth.sign_in_failed'); i++) await new Promise((r) => setTimeout(r, 20));
      const actor = { type: 'staff', id: staff.memberId, name: staff.name };
      const mine = recorded.filter((e) => e.actor.id === staff.memberId);
      expect(mine.map((e) => e.action).sort()).toEqual(['auth.session_revoked', 'auth.sign_in', 'auth.sign_in', 'auth.sign_in_failed', 'auth.sign_out']);
      for (const entry of mine) expect(entry).toMatchObject({ businessId: biz.business_id, actor });
      const text = JSON.stringify(mine);
      for (const secret of [s.token, s.csrf, other.token, PASSWORD, 'not-the-password', hash(s.token)]) expect(text).not.toContain(secret);
    } finally {
      Tx.prototype.recordActivity = record;
    }
  });
});

function hash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
