import { runCliInProcess } from './helpers/cli-in-process';
import { runCli } from './helpers/processes';
import { startTestApp, TestApp } from './helpers/test-app';

/** docs/api.md 4: the key CLI, run while the server (the test app) is running on the same database. */
describe('CLI: business and API keys', () => {
  let t: TestApp;
  let env: NodeJS.ProcessEnv;

  beforeAll(async () => {
    t = await startTestApp();
    env = { ...process.env, DATABASE_URL: t.databaseUrl, LOG_LEVEL: 'error' };
  });
  afterAll(() => t.close());

  const jsonLine = (stdout: string) => {
    const lines = stdout.trim().split('\n');
    expect(lines).toHaveLength(1);
    return JSON.parse(lines[0]);
  };

  it('business:create, apikey:create and apikey:revoke round trip', async () => {
    const created = await runCli(['business:create', '--name', 'Acme', '--currency', 'EUR', '--timezone', 'Europe/Berlin'], env);
    expect(created.code).toBe(0);
    const biz = jsonLine(created.stdout);
    expect(biz).toEqual({
      business_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: 'Acme',
      key_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      api_key: expect.stringMatching(/^bo_[A-Za-z0-9_-]{43}$/),
      warehouse_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
    const me = await t.http().get('/api/v1/business').set('Authorization', `Bearer ${biz.api_key}`).expect(200);
    // the first key is the business's admin key (docs/api.md 18)
    expect(me.body.data).toEqual({
      id: biz.business_id,
      name: 'Acme',
      currency: 'EUR',
      timezone: 'Europe/Berlin',
      legal_name: null,
      address_lines: null,
      tax_id: null,
      email: null,
      phone: null,
      invoice_footer: null,
      receipt_footer: null,
      email_configured: false,
      require_two_factor: false,
      prices_include_tax: false,
      shipping_tax_rate_id: null,
      key: { id: biz.key_id, name: 'Owner key', scopes: ['admin'] },
    });
    const [warehouse] = await t.db.query(`SELECT name, is_default FROM warehouses WHERE id = $1 AND business_id = $2`, [biz.warehouse_id, biz.business_id]);
    expect(warehouse).toEqual({ name: 'Main', is_default: true });

    const second = await runCli(['apikey:create', '--business', biz.business_id], env);
    expect(second.code).toBe(0);
    const key = jsonLine(second.stdout);
    expect(key).toEqual({ key_id: expect.stringMatching(/^[0-9a-f-]{36}$/), api_key: expect.stringMatching(/^bo_/) });
    await t.http().get('/api/v1/business').set('Authorization', `Bearer ${key.api_key}`).expect(200);
    const [stored] = await t.db.query(`SELECT key_hash FROM api_keys WHERE id = $1`, [key.key_id]);
    expect(stored.key_hash).not.toContain(key.api_key.slice(3, 20));

    const revoked = await runCli(['apikey:revoke', '--key', key.key_id], env);
    expect(revoked.code).toBe(0);
    expect(jsonLine(revoked.stdout)).toEqual({ key_id: key.key_id, revoked: true });
    const denied = await t.http().get('/api/v1/business').set('Authorization', `Bearer ${key.api_key}`).expect(401);
    expect(denied.body.error.code).toBe('UNAUTHORIZED');
    // the first key of the business is untouched
    await t.http().get('/api/v1/business').set('Authorization', `Bearer ${biz.api_key}`).expect(200);
  });

  it('business:create prints the key id, so the first key can be revoked by it', async () => {
    const biz = jsonLine((await runCliInProcess(['business:create', '--name', 'First key'], env)).stdout);
    const revoked = await runCliInProcess(['apikey:revoke', '--key', biz.key_id], env);
    expect(revoked.code).toBe(0);
    await t.http().get('/api/v1/business').set('Authorization', `Bearer ${biz.api_key}`).expect(401);
  });

  it('business:create --owner-email invites the first owner and prints the invitation link (docs/api.md 19)', async () => {
    const created = await runCliInProcess(['business:create', '--name', 'Owned', '--owner-email', 'Founder@Example.com', '--owner-name', 'Fay Founder'], env);
    expect(created.code).toBe(0);
    const biz = jsonLine(created.stdout);
    expect(biz).toEqual({
      business_id: expect.any(String),
      name: 'Owned',
      key_id: expect.any(String),
      api_key: expect.any(String),
      warehouse_id: expect.any(String),
      owner: { member_id: expect.any(String), user_id: expect.any(String), email: 'Founder@Example.com' },
      invitation_url: expect.stringMatching(/\/console\/accept-invite\?token=[A-Za-z0-9_-]{43}$/),
    });
    const staff = (await t.http().get('/api/v1/staff').set('Authorization', `Bearer ${biz.api_key}`).expect(200)).body.data;
    expect(staff).toEqual([
      expect.objectContaining({ id: biz.owner.member_id, email: 'Founder@Example.com', name: 'Fay Founder', role: 'owner', status: 'invited' }),
    ]);
    const token = new URL(biz.invitation_url).searchParams.get('token')!;
    const [row] = await t.db.query(`SELECT token_hash = sha256(convert_to($2, 'UTF8')) AS matches FROM staff_tokens WHERE member_id = $1`, [
      biz.owner.member_id,
      token,
    ]);
    expect(row.matches).toBe(true);
    // the printed link lets the owner in
    const accepted = await t.http().post('/api/v1/auth/accept-invite').send({ token, password: 'violet-harbour-lantern-42' }).expect(200);
    expect(accepted.body.data).toMatchObject({ business_id: biz.business_id, role: 'owner', scopes: ['admin'] });
    for (const bad of [
      ['--owner-email', 'not an email'],
      ['--owner-name', 'Nobody'],
    ]) {
      const refused = await runCliInProcess(['business:create', '--name', 'Refused owner', ...bad], env);
      expect(refused.code).toBe(1);
      expect(jsonLine(refused.stdout).error.code).toBe('VALIDATION_FAILED');
    }
  });

  it('rejects bad arguments with one JSON error line and exit code 1', async () => {
    const noName = await runCli(['business:create'], env);
    expect(noName.code).toBe(1);
    expect(jsonLine(noName.stdout).error.code).toBe('VALIDATION_FAILED');

    const badZone = await runCliInProcess(['business:create', '--name', 'X', '--timezone', 'Mars/Base'], env);
    expect(badZone.code).toBe(1);
    expect(jsonLine(badZone.stdout).error.code).toBe('VALIDATION_FAILED');

    const unknownBusiness = await runCliInProcess(['apikey:create', '--business', '00000000-0000-4000-8000-000000000000'], env);
    expect(unknownBusiness.code).toBe(1);
    expect(jsonLine(unknownBusiness.stdout).error.code).toBe('NOT_FOUND');

    const unknownKey = await runCliInProcess(['apikey:revoke', '--key', 'not-a-uuid'], env);
    expect(unknownKey.code).toBe(1);
    expect(jsonLine(unknownKey.stdout).error.code).toBe('VALIDATION_FAILED');

    const missingKey = await runCliInProcess(['apikey:revoke', '--key', '00000000-0000-4000-8000-000000000000'], env);
    expect(missingKey.code).toBe(1);
    expect(jsonLine(missingKey.stdout).error.code).toBe('NOT_FOUND');

    // a zone the runtime's ICU knows but PostgreSQL does not: every order of the business would fail
    const icuOnlyZone = await runCliInProcess(['business:create', '--name', 'X', '--timezone', 'US/Pacific-New'], env);
    expect(icuOnlyZone.code).toBe(1);
    expect(jsonLine(icuOnlyZone.stdout).error).toEqual({ code: 'VALIDATION_FAILED', message: expect.stringContaining('US/Pacific-New') });

    // and the other way round: zones PostgreSQL lists that the runtime's ICU refuses (every report would fail)
    for (const pgOnlyZone of ['posix/Africa/Cairo', 'Factory']) {
      const refused = await runCliInProcess(['business:create', '--name', 'X', '--timezone', pgOnlyZone], env);
      expect({ pgOnlyZone, code: refused.code, error: jsonLine(refused.stdout).error }).toEqual({
        pgOnlyZone,
        code: 1,
        error: { code: 'VALIDATION_FAILED', message: expect.stringContaining(pgOnlyZone) },
      });
    }

    const unknownCurrency = await runCliInProcess(['business:create', '--name', 'X', '--currency', 'XYZ'], env);
    expect(unknownCurrency.code).toBe(1);
    expect(jsonLine(unknownCurrency.stdout).error).toEqual({ code: 'VALIDATION_FAILED', message: expect.stringContaining('XYZ') });
    const [{ n }] = await t.db.query(`SELECT count(*)::int AS n FROM businesses WHERE name = 'X'`);
    expect(n).toBe(0);

    const unknownCommand = await runCli(['nope'], env);
    expect(unknownCommand.code).toBe(1);
    expect(jsonLine(unknownCommand.stdout).error.code).toBe('UNKNOWN_COMMAND');
  });

  it('prints usage for --help, for the program and for each command, and exits 0', async () => {
    const program = await runCli(['--help'], env);
    expect(program.code).toBe(0);
    for (const command of ['business:create', 'apikey:create', 'apikey:revoke', 'verify']) expect(program.stdout).toContain(command);

    const perCommand = await runCliInProcess(['business:create', '--help'], env);
    expect(perCommand.code).toBe(0);
    expect(perCommand.stdout).toContain('Usage: cli business:create');
    for (const flag of ['--name', '--currency', '--timezone']) expect(perCommand.stdout).toContain(flag);
    const [{ n }] = await t.db.query(`SELECT count(*)::int AS n FROM businesses`);
    const again = await runCliInProcess(['help', 'verify'], env);
    expect(again.code).toBe(0);
    expect(again.stdout).toContain('--business');
    expect((await t.db.query(`SELECT count(*)::int AS n FROM businesses`))[0].n).toBe(n);
  });

  it('refuses an unknown flag, a missing value, a bad value and a stray argument with one JSON line and exit 1, writing nothing', async () => {
    const unknownFlag = await runCli(['business:create', '--name', 'Flagged', '--colour', 'red'], env);
    expect({ code: unknownFlag.code, lines: unknownFlag.stdout.trim().split('\n').length }).toEqual({ code: 1, lines: 1 });
    expect(jsonLine(unknownFlag.stdout).error).toEqual({ code: 'VALIDATION_FAILED', message: expect.stringContaining('--colour') });

    const cases: [string[], string][] = [
      [['apikey:create', '--business', '00000000-0000-4000-8000-000000000000', '--expires', '2030-01-01'], '--expires'],
      [['business:create', '--name'], '--name'],
      [['business:create', '--name', 'Flagged', '--currency'], '--currency'],
      [['business:create', '--name', '   '], '--name'],
      [['apikey:create', '--business', 'nope'], '--business'],
      [['verify', '--business', 'not-a-uuid'], '--business'],
      [['verify', 'extra'], 'too many arguments'],
      [['apikey:revoke'], '--key'],
    ];
    for (const [args, named] of cases) {
      const res = await runCliInProcess(args, env);
      expect({ args, code: res.code, error: jsonLine(res.stdout).error }).toEqual({
        args,
        code: 1,
        error: { code: 'VALIDATION_FAILED', message: expect.stringContaining(named) },
      });
    }
    const [{ n }] = await t.db.query(`SELECT count(*)::int AS n FROM businesses WHERE name = 'Flagged'`);
    expect(n).toBe(0);
  });

  it('apikey:create takes --name and --scopes; the key has exactly those (docs/api.md 18)', async () => {
    const biz = jsonLine((await runCliInProcess(['business:create', '--name', 'Scoped CLI'], env)).stdout);
    const made = await runCliInProcess(['apikey:create', '--business', biz.business_id, '--name', 'Counter 2', '--scopes', 'sales, customers'], env);
    expect(made.code).toBe(0);
    const key = jsonLine(made.stdout);
    expect(key).toEqual({ key_id: expect.stringMatching(/^[0-9a-f-]{36}$/), api_key: expect.stringMatching(/^bo_/) });
    const me = await t.http().get('/api/v1/business').set('Authorization', `Bearer ${key.api_key}`).expect(200);
    expect(me.body.data.key).toEqual({ id: key.key_id, name: 'Counter 2', scopes: ['sales', 'customers'] });
    const refused = await t.http().get('/api/v1/orders').set('Authorization', `Bearer ${key.api_key}`).expect(403);
    expect(refused.body.error).toMatchObject({ code: 'FORBIDDEN_SCOPE', details: [{ required: 'orders:read' }] });
    // without the flags: an admin key named "API key"
    const plain = jsonLine((await runCliInProcess(['apikey:create', '--business', biz.business_id], env)).stdout);
    const plainMe = await t.http().get('/api/v1/business').set('Authorization', `Bearer ${plain.api_key}`).expect(200);
    expect(plainMe.body.data.key).toEqual({ id: plain.key_id, name: 'API key', scopes: ['admin'] });
  });

  it('apikey:create refuses unknown, repeated and empty scopes and bad names: one JSON line, exit 1, no key', async () => {
    const biz = jsonLine((await runCliInProcess(['business:create', '--name', 'Scoped refusals'], env)).stdout);
    const spawned = await runCli(['apikey:create', '--business', biz.business_id, '--scopes', 'sales,root'], env);
    expect({ code: spawned.code, error: jsonLine(spawned.stdout).error }).toEqual({
      code: 1,
      error: { code: 'VALIDATION_FAILED', message: expect.stringContaining('"root"') },
    });
    const cases: [string[], string][] = [
      [['--scopes', 'sales,sales'], 'repeat'],
      [['--scopes', ''], 'at least one'],
      [['--scopes', ' , '], 'at least one'],
      [['--scopes', 'sales,'], 'unknown scope'],
      [['--scopes', 'Admin'], 'unknown scope'],
      [['--name', 'x'.repeat(101)], 'at most 100'],
      [['--name', '  '], 'empty'],
      [['--scopes'], '--scopes'],
    ];
    for (const [flags, named] of cases) {
      const res = await runCliInProcess(['apikey:create', '--business', biz.business_id, ...flags], env);
      expect({ flags, code: res.code, error: jsonLine(res.stdout).error }).toEqual({
        flags,
        code: 1,
        error: { code: 'VALIDATION_FAILED', message: expect.stringContaining(named) },
      });
    }
    const [{ n }] = await t.db.query(`SELECT count(*)::int AS n FROM api_keys WHERE business_id = $1`, [biz.business_id]);
    expect(n).toBe(1);
  });

  it('takes an upper-case id as the same key', async () => {
    const biz = jsonLine((await runCliInProcess(['business:create', '--name', 'Upper'], env)).stdout);
    const revoked = await runCliInProcess(['apikey:revoke', '--key', biz.key_id.toUpperCase()], env);
    expect({ code: revoked.code, out: jsonLine(revoked.stdout) }).toEqual({ code: 0, out: { key_id: biz.key_id, revoked: true } });
  });
});
