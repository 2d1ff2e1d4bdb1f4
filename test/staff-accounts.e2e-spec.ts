import { AccountService } from '../src/modules/staff/account.service';
import { SmtpSink, startSmtpSink, waitUntil } from './helpers/smtp-sink';
import { createStaff, PASSWORD, sessionSetCookie, signIn } from './helpers/staff-sessions';
import { apiAs, createBusiness, startTestApp, TestApp, TestBusiness } from './helpers/test-app';

/**
 * docs/api.md 19, the links mailed to people, end to end on a real SMTP server on loopback: an
 * invitation's token taken from the mail accepts it and signs the person in, who then works within the
 * role's scopes and gets 403 outside them; a user who has a password gives it instead; tokens single
 * use, expired (the row's time moved, no waiting) or unknown are 400 INVALID_TOKEN; forgot-password
 * is 202 for any email and mails only a user; a reset ends every session; role changes end the
 * member's sessions; weak passwords are 400; token guesses are throttled.
 */
const MAIL = {
  mailFrom: 'staff@shop.test',
  mailRetryBaseMs: 100,
  mailDispatchIntervalMs: 50,
  mailTimeoutMs: 1500,
  mailMaxAttempts: 3,
  publicUrl: 'https://shop.example',
};
const NEW_PASSWORD = 'copper-meadow-whistle-77';
const api = '/api/v1';

describe('staff accounts: invitations, resets and the sessions they start or end', () => {
  let t: TestApp;
  let sink: SmtpSink;

  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await startTestApp({ ...MAIL, smtpUrl: sink.url });
  }, 60_000);
  afterAll(async () => {
    await t.close();
    await sink.stop();
  });

  const mailsTo = (address: string) => sink.mails.filter((m) => m.to.some((to) => to.toLowerCase() === address.toLowerCase()));
  const mailTo = (address: string, count = 1) =>
    waitUntil(() => (mailsTo(address).length >= count ? mailsTo(address)[count - 1] : undefined), 20_000, `mail ${count} to ${address}`);
  const tokenIn = (text: string, page: 'accept-invite' | 'reset-password') => {
    const match = new RegExp(`https://shop\\.example/console/${page}\\?token=([A-Za-z0-9_-]+)`).exec(text);
    if (!match) throw new Error(`no ${page} link in:\n${text}`);
    return match[1];
  };
  const post = (path: string, body: object) => t.http().post(`${api}${path}`).send(body);
  const invite = async (biz: TestBusiness, email: string, role: string) => {
    const member = (await apiAs(t, biz).post('/staff', { email, name: 'Invited Person', role }).expect(201)).body.data;
    return { member, token: tokenIn((await mailTo(email, mailsTo(email).length + 1)).text, 'accept-invite') };
  };
  const activity = (businessId: string, action: string) =>
    t.db.query(`SELECT actor_type, actor_id, actor_name, resource_type, resource_id, changes FROM activity_entries WHERE business_id = $1 AND action = $2`, [
      businessId,
      action,
    ]);
  const cookieOf = (res: { headers: Record<string, unknown> }) => /^bo_session=([^;]*)/.exec(sessionSetCookie(res as never) ?? '')?.[1] ?? '';

  it('accepts an invitation from its mail, signs the person in, who works within the role and gets 403 outside it', async () => {
    const biz = await createBusiness(t, 'Corner Coffee');
    const { member, token } = await invite(biz, 'cashier@example.com', 'cashier');
    // a weak password is refused and leaves the link usable
    const weak = await post('/auth/accept-invite', { token, password: 'password123' }).expect(400);
    expect(weak.body.error).toMatchObject({ code: 'WEAK_PASSWORD', details: [{ field: 'password', message: expect.any(String) }] });
    const accepted = await post('/auth/accept-invite', { token, name: 'Casey Cashier', password: NEW_PASSWORD }).expect(200);
    expect(accepted.body.data).toMatchObject({
      user: { id: member.user_id, email: 'cashier@example.com', name: 'Casey Cashier', two_factor: false },
      memberships: [{ business_id: biz.business_id, business_name: 'Corner Coffee', role: 'cashier', scopes: ['sales', 'orders:read', 'customers'] }],
      business_id: biz.business_id,
      csrf_token: expect.any(String),
    });
    const session = cookieOf(accepted);
    expect(session.length).toBeGreaterThanOrEqual(43);
    const cookie = `bo_session=${session}`;
    await t.http().get(`${api}/orders`).set('Cookie', cookie).expect(200);
    await t.http().get(`${api}/customers`).set('Cookie', cookie).expect(200);
    const refused = await t
      .http()
      .post(`${api}/products`)
      .set({ Cookie: cookie, 'X-CSRF-Token': accepted.body.data.csrf_token })
      .send({ name: 'Beans', price: 3 })
      .expect(403);
    expect(refused.body.error.code).toBe('FORBIDDEN_SCOPE');
    expect((await t.http().get(`${api}/staff`).set('Cookie', cookie).expect(403)).body.error.code).toBe('FORBIDDEN_SCOPE');
    const [listed] = (await apiAs(t, biz).get('/staff').expect(200)).body.data;
    expect(listed).toMatchObject({ id: member.id, name: 'Casey Cashier', status: 'active', last_sign_in_at: expect.any(String) });
    // single use
    expect((await post('/auth/accept-invite', { token, password: NEW_PASSWORD }).expect(400)).body.error.code).toBe('INVALID_TOKEN');
    // and the password is the one chosen
    await signIn(t, 'cashier@example.com', NEW_PASSWORD);
    expect(await activity(biz.business_id, 'auth.invite_accepted')).toEqual([
      {
        actor_type: 'staff',
        actor_id: member.id,
        actor_name: 'Casey Cashier',
        resource_type: 'staff',
        resource_id: member.id,
        changes: { status: ['invited', 'active'] },
      },
    ]);
  });

  it('lets a user who has a password accept with it (401 INVALID_CREDENTIALS otherwise), keeping it', async () => {
    const a = await createBusiness(t, 'First Shop');
    const b = await createBusiness(t, 'Second Shop');
    const staff = await createStaff(t, a.business_id, { role: 'clerk' });
    const { member, token } = await invite(b, staff.email.toUpperCase(), 'accountant');
    expect(member.user_id).toBe(staff.userId);
    expect((await post('/auth/accept-invite', { token, password: NEW_PASSWORD }).expect(401)).body.error.code).toBe('INVALID_CREDENTIALS');
    const accepted = await post('/auth/accept-invite', { token, password: PASSWORD }).expect(200);
    expect(accepted.body.data.business_id).toBe(b.business_id);
    expect(accepted.body.data.memberships.map((m: { business_name: string }) => m.business_name).sort()).toEqual(['First Shop', 'Second Shop']);
    await signIn(t, staff.email, PASSWORD);
  });

  it('retries a refused invitation mail through the outbox; the link of the mail that arrives is the one that works', async () => {
    const biz = await createBusiness(t);
    sink.refuseWith = 451;
    try {
      const member = (await apiAs(t, biz).post('/staff', { email: 'retry@example.com', name: 'Retry', role: 'clerk' }).expect(201)).body.data;
      await waitUntil(
        async () => {
          const [row] = await t.db.query(
            `SELECT e.attempts, e.last_error FROM invoice_emails e JOIN staff_tokens k ON k.id = e.staff_token_id WHERE k.member_id = $1`,
            [member.id],
          );
          return row?.attempts >= 1 && row.last_error ? row : undefined;
        },
        20_000,
        'a refused attempt recorded',
      );
      expect(mailsTo('retry@example.com')).toEqual([]);
    } finally {
      sink.refuseWith = null;
    }
    const token = tokenIn((await mailTo('retry@example.com')).text, 'accept-invite');
    expect(mailsTo('retry@example.com')).toHaveLength(1);
    await post('/auth/accept-invite', { token, password: NEW_PASSWORD }).expect(200);
  });

  it('refuses an unknown, an expired, a replaced and a cancelled invitation with 400 INVALID_TOKEN', async () => {
    const biz = await createBusiness(t);
    const expired = await invite(biz, 'late@example.com', 'clerk');
    await t.db.query(`UPDATE staff_tokens SET expires_at = now() - interval '1 second', created_at = now() - interval '73 hours' WHERE member_id = $1`, [
      expired.member.id,
    ]);
    const replaced = await invite(biz, 'twice@example.com', 'clerk');
    await apiAs(t, biz).post(`/staff/${replaced.member.id}/invite`, {}).expect(202);
    const renewed = tokenIn((await mailTo('twice@example.com', 2)).text, 'accept-invite');
    const cancelled = await invite(biz, 'cancelled@example.com', 'clerk');
    await t.http().patch(`${api}/staff/${cancelled.member.id}`).set(biz.auth).send({ status: 'disabled' }).expect(200);
    for (const token of [expired.token, replaced.token, cancelled.token, 'x'.repeat(43), expired.token.slice(0, -1)]) {
      const res = await post('/auth/accept-invite', { token, password: NEW_PASSWORD }).expect(400);
      expect(res.body.error.code).toBe('INVALID_TOKEN');
    }
    await post('/auth/accept-invite', { token: renewed, password: NEW_PASSWORD }).expect(200);
  });

  it('answers forgot-password 202 for an unknown email and mails nothing; a user gets a reset link', async () => {
    const unknown = await post('/auth/forgot-password', { email: 'nobody@example.com' }).expect(202);
    const known = await post('/auth/forgot-password', { email: 'someone@example.com' }).expect(202);
    expect(unknown.body).toEqual(known.body); // the same answer either way
    await t.app.get(AccountService).idle();
    expect(await t.db.query(`SELECT id FROM invoice_emails WHERE lower(recipient) = 'nobody@example.com'`)).toEqual([]);
    expect(mailsTo('nobody@example.com')).toEqual([]);
    const biz = await createBusiness(t);
    const staff = await createStaff(t, biz.business_id, { role: 'manager' });
    await post('/auth/forgot-password', { email: staff.email.toUpperCase() }).expect(202);
    const mail = await mailTo(staff.email);
    expect(mail.subject).toBe('Reset your password');
    tokenIn(mail.text, 'reset-password');
    // a second request within the minute sends no second mail
    await post('/auth/forgot-password', { email: staff.email }).expect(202);
    await t.app.get(AccountService).idle();
    const [{ resets }] = await t.db.query(`SELECT count(*)::int AS resets FROM staff_tokens WHERE user_id = $1 AND kind = 'reset'`, [staff.userId]);
    expect(resets).toBe(1);
    expect(await post('/auth/forgot-password', { email: 'not an email' }).expect(400)).toBeTruthy();
  });

  it('resets a password with the mailed token: every session of the user ends, the token is single use', async () => {
    const a = await createBusiness(t);
    const b = await createBusiness(t);
    const staff = await createStaff(t, a.business_id, { role: 'owner' });
    await createStaff(t, b.business_id, { role: 'cashier', userId: staff.userId });
    const first = await signIn(t, staff.email);
    const second = await signIn(t, staff.email);
    await post('/auth/forgot-password', { email: staff.email }).expect(202);
    const token = tokenIn((await mailTo(staff.email)).text, 'reset-password');
    expect((await post('/auth/reset-password', { token, password: staff.email }).expect(400)).body.error.code).toBe('WEAK_PASSWORD');
    await t.http().get(`${api}/auth/session`).set('Cookie', first.cookie).expect(200);
    await post('/auth/reset-password', { token, password: NEW_PASSWORD }).expect(204);
    for (const s of [first, second]) await t.http().get(`${api}/auth/session`).set('Cookie', s.cookie).expect(401);
    await expect(signIn(t, staff.email, PASSWORD)).rejects.toThrow(/401/);
    await signIn(t, staff.email, NEW_PASSWORD);
    expect((await post('/auth/reset-password', { token, password: 'another-long-passphrase' }).expect(400)).body.error.code).toBe('INVALID_TOKEN');
    for (const biz of [a, b]) expect(await activity(biz.business_id, 'auth.password_reset')).toHaveLength(1);
    const [entry] = await activity(a.business_id, 'auth.password_reset');
    expect(JSON.stringify(entry)).not.toContain(token);
  });

  it('refuses an expired reset token', async () => {
    const biz = await createBusiness(t);
    const staff = await createStaff(t, biz.business_id);
    await post('/auth/forgot-password', { email: staff.email }).expect(202);
    const token = tokenIn((await mailTo(staff.email)).text, 'reset-password');
    await t.db.query(`UPDATE staff_tokens SET expires_at = now() - interval '1 second' WHERE user_id = $1`, [staff.userId]);
    expect((await post('/auth/reset-password', { token, password: NEW_PASSWORD }).expect(400)).body.error.code).toBe('INVALID_TOKEN');
  });

  it("ends a member's sessions of the business on a role change, disabling, removal, and a change of its role's scopes", async () => {
    const biz = await createBusiness(t);
    const other = await createBusiness(t);
    const patch = (id: string, body: object) => t.http().patch(`${api}/staff/${id}`).set(biz.auth).send(body);
    const alive = (s: { cookie: string }) => t.http().get(`${api}/auth/session`).set('Cookie', s.cookie);

    const changed = await createStaff(t, biz.business_id, { role: 'cashier' });
    await createStaff(t, other.business_id, { role: 'owner', userId: changed.userId });
    const here = await signIn(t, changed.email); // starts in its first membership
    await t.http().post(`${api}/auth/session/business`).set(here.writes).send({ business_id: biz.business_id }).expect(200);
    const elsewhere = await signIn(t, changed.email);
    await t.http().post(`${api}/auth/session/business`).set(elsewhere.writes).send({ business_id: other.business_id }).expect(200);
    await patch(changed.memberId, { role: 'clerk' }).expect(200);
    await alive(here).expect(401);
    await alive(elsewhere).expect(200); // another business's session stays

    const disabled = await createStaff(t, biz.business_id, { role: 'cashier' });
    const s1 = await signIn(t, disabled.email);
    await patch(disabled.memberId, { status: 'disabled' }).expect(200);
    await alive(s1).expect(401);
    await expect(signIn(t, disabled.email)).rejects.toThrow();

    const removed = await createStaff(t, biz.business_id, { role: 'cashier' });
    const s2 = await signIn(t, removed.email);
    await apiAs(t, biz).del(`/staff/${removed.memberId}`).expect(204);
    await alive(s2).expect(401);

    const role = (
      await apiAs(t, biz)
        .post('/roles', { name: 'Till', scopes: ['sales'] })
        .expect(201)
    ).body.data;
    const holder = (await apiAs(t, biz).post('/staff', { email: 'holder@example.com', name: 'Holder', role: role.id }).expect(201)).body.data;
    const holderToken = tokenIn((await mailTo('holder@example.com')).text, 'accept-invite');
    const accepted = await post('/auth/accept-invite', { token: holderToken, password: NEW_PASSWORD }).expect(200);
    const s3 = { cookie: `bo_session=${cookieOf(accepted)}` };
    await t.http().get(`${api}/orders`).set('Cookie', s3.cookie).expect(403);
    await apiAs(t, biz).put(`/roles/${role.id}`, { name: 'Till (renamed)' }).expect(200);
    await alive(s3).expect(200); // a new name changes nothing a session holds
    await apiAs(t, biz)
      .put(`/roles/${role.id}`, { scopes: ['sales', 'orders:read'] })
      .expect(200);
    await alive(s3).expect(401);
    const again = await signIn(t, 'holder@example.com', NEW_PASSWORD);
    await t.http().get(`${api}/orders`).set('Cookie', again.cookie).expect(200);
    expect(holder.status).toBe('invited');
  });

  // last: it spends this app's budget of token guesses from 127.0.0.1
  it('invites, resends and removes at once without a failure: each request answered, each invitation mailed', async () => {
    // on Citus users and staff_tokens are reference tables, whose writes Citus locks table-wide: an
    // invitation (users, then staff_tokens) and a resend (staff_tokens, then users) deadlocked and
    // used up their retries (LockRank.StaffAccounts now orders them)
    const biz = await createBusiness(t, 'Busy Staff Desk');
    const earlier = await Promise.all(
      [0, 1, 2].map((i) => apiAs(t, biz).post('/staff', { email: `earlier${i}@example.com`, name: `Earlier ${i}`, role: 'clerk' })),
    );
    expect(earlier.map((res) => res.status)).toEqual([201, 201, 201]);
    const answers = await Promise.all([
      ...[0, 1, 2, 3, 4, 5].map((i) => apiAs(t, biz).post('/staff', { email: `rush${i}@example.com`, name: `Rush ${i}`, role: 'clerk' })),
      ...earlier.slice(0, 2).map((res) => apiAs(t, biz).post(`/staff/${res.body.data.id}/invite`, {})),
      apiAs(t, biz).del(`/staff/${earlier[2].body.data.id}`),
    ]);
    expect(answers.map((res) => res.status)).toEqual([201, 201, 201, 201, 201, 201, 202, 202, 204]);
    for (let i = 0; i < 6; i++) await mailTo(`rush${i}@example.com`);
    for (let i = 0; i < 2; i++) await mailTo(`earlier${i}@example.com`, 2);
    const staff = (await apiAs(t, biz).get('/staff?per_page=100').expect(200)).body.data.map((m: { email: string }) => m.email);
    expect(staff.filter((email: string) => /^(rush|earlier)/.test(email)).sort()).toEqual(
      ['earlier0@example.com', 'earlier1@example.com', ...[0, 1, 2, 3, 4, 5].map((i) => `rush${i}@example.com`)].sort(),
    );
  });

  it('throttles token guesses per client address: 429 TOO_MANY_ATTEMPTS with Retry-After, even for a right token', async () => {
    const biz = await createBusiness(t);
    const { token } = await invite(biz, 'patient@example.com', 'clerk');
    let refused;
    for (let i = 0; i < 25 && !refused; i++) {
      const res = await post('/auth/reset-password', { token: `guess-${i}-${'x'.repeat(40)}`, password: NEW_PASSWORD });
      if (res.status === 429) refused = res;
      else expect(res.body.error.code).toBe('INVALID_TOKEN');
    }
    expect(refused?.body.error.code).toBe('TOO_MANY_ATTEMPTS');
    expect(Number(refused?.headers['retry-after'])).toBeGreaterThan(0);
    expect((await post('/auth/accept-invite', { token, password: NEW_PASSWORD }).expect(429)).body.error.code).toBe('TOO_MANY_ATTEMPTS');
  });
});
