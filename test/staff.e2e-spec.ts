import { SmtpSink, startSmtpSink, waitUntil } from './helpers/smtp-sink';
import { apiAs, createBusiness, ISO_MS, startTestApp, TestApp, TestBusiness } from './helpers/test-app';

/**
 * docs/api.md 19, staff and roles: members invited through the mail outbox (a real SMTP server on
 * loopback receives the invitation and its link), roles with their scopes, the last owner kept
 * (also against two concurrent demotions), ROLE_IN_USE, invitations sent again only while pending,
 * another business's members and roles 404, and an activity entry for every change.
 */
const MAIL = {
  mailFrom: 'staff@shop.test',
  mailRetryBaseMs: 100,
  mailDispatchIntervalMs: 50,
  mailTimeoutMs: 1500,
  mailMaxAttempts: 3,
  publicUrl: 'https://shop.example',
};

describe('staff and roles', () => {
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

  const patch = (biz: TestBusiness, path: string, body: object) => t.http().patch(`/api/v1${path}`).set(biz.auth).send(body);
  const mailsTo = (address: string) => sink.mails.filter((m) => m.to.some((to) => to.toLowerCase() === address.toLowerCase()));
  const mailTo = (address: string, count = 1) =>
    waitUntil(() => (mailsTo(address).length >= count ? mailsTo(address)[count - 1] : undefined), 20_000, `mail ${count} to ${address}`);
  const linkIn = (text: string, page: string) => {
    const match = new RegExp(`https://shop\\.example/console/${page}\\?token=([A-Za-z0-9_-]+)`).exec(text);
    if (!match) throw new Error(`no ${page} link in:\n${text}`);
    return match[1];
  };
  const invite = async (biz: TestBusiness, email: string, role = 'cashier', name = 'Sam Carter') =>
    (await apiAs(t, biz).post('/staff', { email, name, role }).expect(201)).body.data;
  /** an active member, as accepting its invitation leaves it (the accept flow itself is tested below) */
  const activate = (memberId: string) => t.db.query(`UPDATE business_members SET status = 'active' WHERE id = $1`, [memberId]);
  const activities = (biz: TestBusiness, action: string) =>
    t.db.query(
      `SELECT actor_type, actor_id, action, resource_type, resource_id, changes FROM activity_entries WHERE business_id = $1 AND action = $2 ORDER BY occurred_at`,
      [biz.business_id, action],
    );

  it('invites a person: the member is listed as invited and the mail carries a link to accept', async () => {
    const biz = await createBusiness(t, 'Corner Coffee');
    const member = await invite(biz, 'Sam.Carter@Example.com');
    expect(member).toEqual({
      id: expect.any(String),
      user_id: expect.any(String),
      email: 'Sam.Carter@Example.com',
      name: 'Sam Carter',
      role: 'cashier',
      role_name: 'cashier',
      status: 'invited',
      two_factor: false,
      last_sign_in_at: null,
      created_at: expect.stringMatching(ISO_MS),
    });
    const list = (await apiAs(t, biz).get('/staff').expect(200)).body;
    expect(list.data).toEqual([member]);
    expect(list.meta).toEqual({ page: 1, per_page: 20, total: 1, total_pages: 1 });
    const mail = await mailTo('sam.carter@example.com');
    expect(mail.from).toBe('staff@shop.test');
    expect(mail.subject).toBe('You are invited to join Corner Coffee');
    expect(mail.text).toContain('as cashier');
    const token = linkIn(mail.text, 'accept-invite');
    expect(Buffer.from(token, 'base64url').length).toBeGreaterThanOrEqual(32);
    // only its hash is stored, and nowhere is the value
    const [row] = await t.db.query(`SELECT encode(token_hash, 'hex') AS hash FROM staff_tokens WHERE member_id = $1`, [member.id]);
    expect(row.hash).toMatch(/^[0-9a-f]{64}$/);
    const dump = JSON.stringify(await t.db.query(`SELECT * FROM invoice_emails WHERE staff_token_id IS NOT NULL`));
    expect(dump).not.toContain(token);
    expect(await activities(biz, 'staff.invite')).toEqual([
      { actor_type: 'key', actor_id: biz.key_id, action: 'staff.invite', resource_type: 'staff', resource_id: member.id, changes: null },
    ]);
  });

  it('refuses an email already a member (any case) with 409 ALREADY_MEMBER; the same user joins another business', async () => {
    const a = await createBusiness(t, 'A');
    const b = await createBusiness(t, 'B');
    const first = await invite(a, 'ali@example.com');
    const res = await apiAs(t, a).post('/staff', { email: 'ALI@example.com', name: 'Ali', role: 'clerk' }).expect(409);
    expect(res.body.error.code).toBe('ALREADY_MEMBER');
    const other = await invite(b, 'Ali@Example.com', 'manager', 'Another name');
    expect(other.user_id).toBe(first.user_id);
    expect(other.name).toBe('Sam Carter'); // the user's name stays as it is
    expect((await apiAs(t, a).get('/staff').expect(200)).body.meta.total).toBe(1);
  });

  it("takes an own role by id and refuses an unknown role or another business's (422 UNKNOWN_ROLE)", async () => {
    const a = await createBusiness(t);
    const b = await createBusiness(t);
    const role = (
      await apiAs(t, a)
        .post('/roles', { name: 'Shift lead', scopes: ['sales', 'orders:write'] })
        .expect(201)
    ).body.data;
    const member = await invite(a, 'lead@example.com', role.id.toUpperCase());
    expect(member).toMatchObject({ role: role.id, role_name: 'Shift lead' });
    for (const bad of ['boss', role.id]) {
      const res = await apiAs(t, b).post('/staff', { email: 'x@example.com', name: 'X', role: bad }).expect(422);
      expect(res.body.error.code).toBe('UNKNOWN_ROLE');
    }
  });

  it('lists the built-in roles then the own ones; names are unique case-insensitively (409 ROLE_EXISTS)', async () => {
    const biz = await createBusiness(t);
    const created = (
      await apiAs(t, biz)
        .post('/roles', { name: 'Stock taker', scopes: ['inventory'] })
        .expect(201)
    ).body.data;
    expect(created).toEqual({ id: expect.any(String), name: 'Stock taker', scopes: ['inventory'], built_in: false, created_at: expect.stringMatching(ISO_MS) });
    for (const name of ['stock TAKER', 'Owner']) {
      const res = await apiAs(t, biz)
        .post('/roles', { name, scopes: ['sales'] })
        .expect(409);
      expect(res.body.error.code).toBe('ROLE_EXISTS');
    }
    const bad = await apiAs(t, biz)
      .post('/roles', { name: 'X', scopes: ['everything'] })
      .expect(400);
    expect(bad.body.error.code).toBe('VALIDATION_FAILED');
    const list = (await apiAs(t, biz).get('/roles').expect(200)).body;
    expect(list.meta.total).toBe(6);
    expect(list.data.map((r: { name: string }) => r.name)).toEqual(['owner', 'manager', 'cashier', 'clerk', 'accountant', 'Stock taker']);
    expect(list.data[2]).toEqual({ id: null, name: 'cashier', scopes: ['sales', 'orders:read', 'customers'], built_in: true, created_at: null });
    const second = (await apiAs(t, biz).get('/roles?page=2&per_page=4').expect(200)).body;
    expect(second.data.map((r: { name: string }) => r.name)).toEqual(['accountant', 'Stock taker']);
    const renamed = (
      await apiAs(t, biz)
        .put(`/roles/${created.id}`, { name: 'Counter', scopes: ['inventory', 'products:read'] })
        .expect(200)
    ).body.data;
    expect(renamed).toMatchObject({ name: 'Counter', scopes: ['inventory', 'products:read'] });
    expect(await activities(biz, 'roles.update')).toEqual([
      {
        actor_type: 'key',
        actor_id: biz.key_id,
        action: 'roles.update',
        resource_type: 'role',
        resource_id: created.id,
        changes: { name: ['Stock taker', 'Counter'], scopes: [['inventory'], ['inventory', 'products:read']] },
      },
    ]);
  });

  it('deletes a role no member holds; 409 ROLE_IN_USE while one does', async () => {
    const biz = await createBusiness(t);
    const role = (
      await apiAs(t, biz)
        .post('/roles', { name: 'Temp', scopes: ['sales'] })
        .expect(201)
    ).body.data;
    const member = await invite(biz, 'temp@example.com', role.id);
    const res = await apiAs(t, biz).del(`/roles/${role.id}`).expect(409);
    expect(res.body.error).toMatchObject({ code: 'ROLE_IN_USE', details: [{ role_id: role.id, members: 1 }] });
    await patch(biz, `/staff/${member.id}`, { role: 'cashier' }).expect(200);
    await apiAs(t, biz).del(`/roles/${role.id}`).expect(204);
    await apiAs(t, biz).del(`/roles/${role.id}`).expect(404);
    expect(await activities(biz, 'roles.delete')).toHaveLength(1);
  });

  it('keeps the last active owner: not demoted, disabled or removed (409 LAST_OWNER); another owner may go', async () => {
    const biz = await createBusiness(t);
    const owner = await invite(biz, 'owner@example.com', 'owner');
    await activate(owner.id);
    for (const [method, body] of [
      ['patch', { role: 'manager' }],
      ['patch', { status: 'disabled' }],
      ['delete', undefined],
    ] as const) {
      const res = method === 'patch' ? await patch(biz, `/staff/${owner.id}`, body).expect(409) : await apiAs(t, biz).del(`/staff/${owner.id}`).expect(409);
      expect(res.body.error.code).toBe('LAST_OWNER');
    }
    const second = await invite(biz, 'second@example.com', 'owner');
    // an invited owner is no owner yet
    expect((await patch(biz, `/staff/${owner.id}`, { role: 'manager' }).expect(409)).body.error.code).toBe('LAST_OWNER');
    await activate(second.id);
    const demoted = (await patch(biz, `/staff/${owner.id}`, { role: 'manager' }).expect(200)).body.data;
    expect(demoted).toMatchObject({ role: 'manager', status: 'active' });
    expect(await activities(biz, 'staff.update')).toEqual([
      {
        actor_type: 'key',
        actor_id: biz.key_id,
        action: 'staff.update',
        resource_type: 'staff',
        resource_id: owner.id,
        changes: { role: ['owner', 'manager'] },
      },
    ]);
  });

  it('lets only one of two concurrent demotions of the last two owners succeed', async () => {
    for (let round = 0; round < 5; round++) {
      const biz = await createBusiness(t);
      const one = await invite(biz, `one${round}@example.com`, 'owner');
      const two = await invite(biz, `two${round}@example.com`, 'owner');
      await activate(one.id);
      await activate(two.id);
      const results = await Promise.all([
        patch(biz, `/staff/${one.id}`, { role: 'cashier' }),
        round % 2 ? apiAs(t, biz).del(`/staff/${two.id}`) : patch(biz, `/staff/${two.id}`, { status: 'disabled' }),
      ]);
      expect(results.filter((r) => r.status < 300)).toHaveLength(1);
      expect(results.filter((r) => r.status === 409).map((r) => r.body.error.code)).toEqual(['LAST_OWNER']);
      const [{ owners }] = await t.db.query(
        `SELECT count(*)::int AS owners FROM business_members WHERE business_id = $1 AND built_in_role = 'owner' AND status = 'active'`,
        [biz.business_id],
      );
      expect(owners).toBe(1);
    }
  });

  it('sends an invitation again only while the member is invited (409 NOT_INVITED); the earlier link stops working', async () => {
    const biz = await createBusiness(t, 'Resend Shop');
    const member = await invite(biz, 'again@example.com');
    const first = linkIn((await mailTo('again@example.com')).text, 'accept-invite');
    const resent = await apiAs(t, biz).post(`/staff/${member.id}/invite`, {}).expect(202);
    expect(resent.body.data).toMatchObject({ id: member.id, status: 'invited' });
    const second = linkIn((await mailTo('again@example.com', 2)).text, 'accept-invite');
    expect(second).not.toBe(first);
    const [{ live }] = await t.db.query(`SELECT count(*)::int AS live FROM staff_tokens WHERE member_id = $1 AND used_at IS NULL`, [member.id]);
    expect(live).toBe(1);
    expect(await activities(biz, 'staff.invite_resent')).toHaveLength(1);
    await activate(member.id);
    expect((await apiAs(t, biz).post(`/staff/${member.id}/invite`, {}).expect(409)).body.error.code).toBe('NOT_INVITED');
    await patch(biz, `/staff/${member.id}`, { status: 'disabled' }).expect(200);
    expect((await apiAs(t, biz).post(`/staff/${member.id}/invite`, {}).expect(409)).body.error.code).toBe('NOT_INVITED');
  });

  it('does not make an invited member active by PATCH (409 INVALID_STATUS_TRANSITION); removes a member', async () => {
    const biz = await createBusiness(t);
    const member = await invite(biz, 'gone@example.com');
    expect((await patch(biz, `/staff/${member.id}`, { status: 'active' }).expect(409)).body.error.code).toBe('INVALID_STATUS_TRANSITION');
    await apiAs(t, biz).del(`/staff/${member.id}`).expect(204);
    expect((await apiAs(t, biz).get('/staff').expect(200)).body.data).toEqual([]);
    expect(await activities(biz, 'staff.remove')).toHaveLength(1);
    // the invitation went with it
    const [{ tokens }] = await t.db.query(`SELECT count(*)::int AS tokens FROM staff_tokens WHERE member_id = $1`, [member.id]);
    expect(tokens).toBe(0);
  });

  it("answers 404 for another business's member or role, and changes nothing of it", async () => {
    const a = await createBusiness(t);
    const b = await createBusiness(t);
    const member = await invite(a, 'mine@example.com');
    const role = (
      await apiAs(t, a)
        .post('/roles', { name: 'Mine', scopes: ['sales'] })
        .expect(201)
    ).body.data;
    await patch(b, `/staff/${member.id}`, { role: 'manager' }).expect(404);
    await apiAs(t, b).post(`/staff/${member.id}/invite`, {}).expect(404);
    await apiAs(t, b).del(`/staff/${member.id}`).expect(404);
    await apiAs(t, b).put(`/roles/${role.id}`, { name: 'Theirs' }).expect(404);
    await apiAs(t, b).del(`/roles/${role.id}`).expect(404);
    expect((await apiAs(t, a).get('/staff').expect(200)).body.data).toEqual([member]);
    expect((await apiAs(t, a).get('/roles').expect(200)).body.data[5]).toEqual(role);
  });

  it('shows two_factor from the user, and refuses an email with a control character (400)', async () => {
    const biz = await createBusiness(t);
    const member = await invite(biz, 'totp@example.com');
    await t.db.query(`UPDATE users SET two_factor_enabled_at = now() WHERE id = $1`, [member.user_id]);
    expect((await apiAs(t, biz).get('/staff').expect(200)).body.data[0]).toMatchObject({ id: member.id, two_factor: true });
    for (const email of ['a@example.com\r\nBcc: evil@example.com', '"x\ny"@example.com', 'Sam <sam@example.com>']) {
      const res = await apiAs(t, biz).post('/staff', { email, name: 'X', role: 'clerk' }).expect(400);
      expect(res.body.error.details).toEqual([expect.objectContaining({ field: 'email' })]);
    }
    expect((await apiAs(t, biz).get('/staff').expect(200)).body.meta.total).toBe(1);
  });

  it('is for admin keys only (403 FORBIDDEN_SCOPE)', async () => {
    const biz = await createBusiness(t);
    const key = (
      await apiAs(t, biz)
        .post('/api-keys', { name: 'Manager-ish', scopes: ['sales', 'orders:write', 'inventory'] })
        .expect(201)
    ).body.data.api_key;
    for (const [method, path] of [
      ['get', '/staff'],
      ['get', '/roles'],
      ['post', '/staff'],
    ] as const) {
      const res = await t
        .http()
        [method](`/api/v1${path}`)
        .set({ Authorization: `Bearer ${key}` })
        .send({ email: 'a@example.com', name: 'A', role: 'owner' });
      expect(res.status).toBe(403);
      expect(res.body.error.code).toBe('FORBIDDEN_SCOPE');
    }
  });
});
