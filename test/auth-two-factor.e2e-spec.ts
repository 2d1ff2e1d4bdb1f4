import { createBusiness, startTestApp, TestApp, TestBusiness } from './helpers/test-app';
import { createStaff, PASSWORD, sessionSetCookie, signIn, SignedIn, totpCode } from './helpers/staff-sessions';

/** docs/api.md 19: two-factor (RFC 6238, codes computed here), recovery codes, require_two_factor. */
describe('Two-factor authentication', () => {
  let t: TestApp;
  let biz: TestBusiness;
  const api = '/api/v1';

  beforeAll(async () => {
    t = await startTestApp();
    biz = await createBusiness(t, 'Two Factor Shop');
  }, 60_000);
  afterAll(() => t.close());

  /** Sets up and enables two-factor for a signed-in user: its secret and recovery codes (the current step's code used). */
  async function enable(s: SignedIn): Promise<{ secret: string; recovery: string[]; used: string }> {
    const setup = await t.http().post(`${api}/auth/two-factor/setup`).set(s.writes).expect(200);
    const secret: string = setup.body.data.secret;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.body.data.otpauth_uri).toBe(
      `otpauth://totp/Back%20office:${encodeURIComponent((s.res.body.data as { user: { email: string } }).user.email)}?secret=${secret}&issuer=Back%20office`,
    );
    const used = totpCode(secret);
    const enabled = await t.http().post(`${api}/auth/two-factor/enable`).set(s.writes).send({ code: used }).expect(200);
    return { secret, recovery: enabled.body.data.recovery_codes, used };
  }

  const sessions = async (userId: string) => (await t.db.query(`SELECT count(*)::int AS n FROM user_sessions WHERE user_id = $1`, [userId]))[0].n as number;

  it('enables two-factor with a code; sign-in then needs a code, accepted once', async () => {
    const staff = await createStaff(t, biz.business_id);
    const s = await signIn(t, staff.email);
    const wrongFirst = await t.http().post(`${api}/auth/two-factor/enable`).set(s.writes).send({ code: '000000' }).expect(409);
    expect(wrongFirst.body.error.code).toBe('TWO_FACTOR_NOT_SET_UP');
    const { secret, recovery, used } = await enable(s);
    expect(recovery).toHaveLength(10);
    expect(new Set(recovery).size).toBe(10);
    const [stored] = await t.db.query(`SELECT two_factor_secret, two_factor_recovery_hashes FROM users WHERE id = $1`, [staff.userId]);
    expect(stored.two_factor_recovery_hashes).toHaveLength(10);
    for (const code of recovery) expect(JSON.stringify(stored)).not.toContain(code);
    await t.http().post(`${api}/auth/two-factor/setup`).set(s.writes).expect(409);

    const before = await sessions(staff.userId);
    const required = await t.http().post(`${api}/auth/sign-in`).send({ email: staff.email, password: PASSWORD }).expect(401);
    expect(required.body.error.code).toBe('TWO_FACTOR_REQUIRED');
    expect(sessionSetCookie(required)).toBeUndefined();
    expect(await sessions(staff.userId)).toBe(before);

    // the code enable used is refused (no replay); the next step's (one step of drift) passes once
    const replay = await t.http().post(`${api}/auth/sign-in`).send({ email: staff.email, password: PASSWORD, code: used });
    expect(replay.status).toBe(400);
    expect(replay.body.error.code).toBe('INVALID_TWO_FACTOR_CODE');
    const next = totpCode(secret, Date.now() / 1000 + 30);
    const signed = await signIn(t, staff.email, PASSWORD, next);
    expect(signed.res.body.data.user.two_factor).toBe(true);
    await t.http().post(`${api}/auth/sign-in`).send({ email: staff.email, password: PASSWORD, code: next }).expect(400);
    // two steps ahead is past the drift allowed
    const far = totpCode(secret, Date.now() / 1000 + 90);
    if (far !== totpCode(secret, Date.now() / 1000 + 30))
      await t.http().post(`${api}/auth/sign-in`).send({ email: staff.email, password: PASSWORD, code: far }).expect(400);
    // a wrong password with a right code is still INVALID_CREDENTIALS
    const wrong = await t.http().post(`${api}/auth/sign-in`).send({ email: staff.email, password: 'not-the-password', code: '123456' }).expect(401);
    expect(wrong.body.error.code).toBe('INVALID_CREDENTIALS');
  });

  it('accepts a recovery code once in place of a code, also to disable two-factor', async () => {
    const staff = await createStaff(t, biz.business_id);
    const s = await signIn(t, staff.email);
    const { recovery } = await enable(s);
    await signIn(t, staff.email, PASSWORD, recovery[0].toUpperCase());
    const again = await t.http().post(`${api}/auth/sign-in`).send({ email: staff.email, password: PASSWORD, code: recovery[0] }).expect(400);
    expect(again.body.error.code).toBe('INVALID_TWO_FACTOR_CODE');
    const [row] = await t.db.query(`SELECT cardinality(two_factor_recovery_hashes) AS n FROM users WHERE id = $1`, [staff.userId]);
    expect(row.n).toBe(9);

    const badPassword = await t
      .http()
      .post(`${api}/auth/two-factor/disable`)
      .set(s.writes)
      .send({ password: 'not-the-password', code: recovery[1] })
      .expect(400);
    expect(badPassword.body.error.code).toBe('INCORRECT_PASSWORD');
    await t.http().post(`${api}/auth/two-factor/disable`).set(s.writes).send({ password: PASSWORD, code: recovery[0] }).expect(400);
    await t.http().post(`${api}/auth/two-factor/disable`).set(s.writes).send({ password: PASSWORD, code: recovery[1] }).expect(204);
    const [off] = await t.db.query(`SELECT two_factor_enabled_at, two_factor_secret, two_factor_recovery_hashes FROM users WHERE id = $1`, [staff.userId]);
    expect(off).toEqual({ two_factor_enabled_at: null, two_factor_secret: null, two_factor_recovery_hashes: null });
    await signIn(t, staff.email);
  });

  it('require_two_factor: members without it get 403 TWO_FACTOR_SETUP_REQUIRED outside /auth/* until they enable it', async () => {
    const shop = await createBusiness(t, 'Strict Shop');
    const owner = await createStaff(t, shop.business_id, { role: 'owner' });
    const cashier = await createStaff(t, shop.business_id, { role: 'cashier' });
    const ownerSession = await signIn(t, owner.email);
    const cashierSession = await signIn(t, cashier.email);
    // a cashier has no admin scope: it cannot require it
    await t.http().put(`${api}/business`).set(cashierSession.writes).send({ require_two_factor: true }).expect(403);
    const put = await t.http().put(`${api}/business`).set(ownerSession.writes).send({ require_two_factor: true }).expect(200);
    expect(put.body.data.require_two_factor).toBe(true);

    const refused = await t.http().get(`${api}/orders`).set('Cookie', cashierSession.cookie).expect(403);
    expect(refused.body.error.code).toBe('TWO_FACTOR_SETUP_REQUIRED');
    await t.http().get(`${api}/products`).set('Cookie', ownerSession.cookie).expect(403);
    await t.http().get(`${api}/auth/session`).set('Cookie', cashierSession.cookie).expect(200);
    // keys are programs: not concerned
    await t.http().get(`${api}/orders`).set(shop.auth).expect(200);

    await enable(cashierSession);
    await t.http().get(`${api}/orders`).set('Cookie', cashierSession.cookie).expect(200);
    await t.http().get(`${api}/products`).set('Cookie', ownerSession.cookie).expect(403);
  });
});
