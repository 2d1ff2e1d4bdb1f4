import { Client } from 'pg';
import { inspect } from 'util';
import { hashApiKey } from '../src/common/auth/api-key';
import { JsonLogger } from '../src/common/logging/json-logger';
import { ApiKeyUsage } from '../src/modules/businesses/api-key-usage';
import { createApiKey } from '../src/modules/businesses/business-provisioning';
import { pollUntil } from './helpers/receiver';
import { snapshotBusiness, snapshotDiff } from './helpers/snapshot';
import { createBusiness, ISO_MS, startTestApp, TestApp } from './helpers/test-app';
import { WAITING_FOR_A_LOCK } from './helpers/lock-waits';

/** Every log record, kept as text instead of printed. */
class CapturedLogs extends JsonLogger {
  readonly records: string[] = [];
  constructor() {
    super('debug');
  }
  isEnabled(): boolean {
    return true;
  }
  write(level: string, message: unknown, context?: string, trace?: string): void {
    this.records.push(inspect({ level, message, context, trace }, { depth: 8, breakLength: Infinity }));
  }
}

/**
 * Issue 35, docs/api.md 18: key management over the API for admin keys. Creation shows the key once
 * (and an idempotent replay gives it back only to the caller that made it, never storing it in clear),
 * lists never show a key or its hash (nor do the logs), a revocation is 401 at once in two processes
 * on one database, the last admin key is kept, and restricted keys manage nothing.
 */
describe('API key management', () => {
  let t: TestApp;
  let second: TestApp;
  const logs = new CapturedLogs();

  beforeAll(async () => {
    // key lookups cached in both processes (a revocation must reach the other's cache), last use recorded
    t = await startTestApp({ apiKeyCacheMs: 60_000, apiKeyUsageFlushMs: 50, logLevel: 'debug' }, { logger: logs });
    second = await startTestApp({ apiKeyCacheMs: 60_000, apiKeyUsageFlushMs: 50 }, { databaseUrl: t.databaseUrl });
  }, 60_000);
  afterAll(async () => {
    await second.app.close();
    await t.close();
  });

  const as = (app: TestApp, key: string) => ({
    get: (path: string) => app.http().get(`/api/v1${path}`).set('Authorization', `Bearer ${key}`),
    post: (path: string, body: unknown, headers: Record<string, string> = {}) =>
      app
        .http()
        .post(`/api/v1${path}`)
        .set('Authorization', `Bearer ${key}`)
        .set(headers)
        .send(body as object),
    del: (path: string) => app.http().delete(`/api/v1${path}`).set('Authorization', `Bearer ${key}`),
  });

  /** The key's last use written, so that its further uses within the minute write nothing (the snapshots stay equal). */
  async function usedOnce(key: string): Promise<void> {
    await as(t, key).get('/business').expect(200);
    await t.app.get(ApiKeyUsage).flush();
  }

  /** Everything a key could leak through: its text and its hash. */
  const secretsOf = (key: string) => [key, key.slice(3), hashApiKey(key)];

  it('creates a key shown once, lists keys without it or its hash, and GET /business names the calling key', async () => {
    const biz = await createBusiness(t, 'Keys');
    const admin = as(t, biz.api_key);
    const created = await admin.post('/api-keys', { name: '  Counter 1 ', scopes: ['sales', 'customers'] }).expect(201);
    const key = created.body.data;
    expect(key).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: 'Counter 1',
      scopes: ['sales', 'customers'],
      prefix: key.api_key.slice(0, 8),
      created_at: expect.stringMatching(ISO_MS),
      last_used_at: null,
      revoked_at: null,
      api_key: expect.stringMatching(/^bo_[A-Za-z0-9_-]{43}$/),
    });
    const me = await as(t, key.api_key).get('/business').expect(200);
    expect(me.body.data.key).toEqual({ id: key.id, name: 'Counter 1', scopes: ['sales', 'customers'] });
    expect((await admin.get('/business').expect(200)).body.data.key).toEqual({ id: biz.key_id, name: 'Owner key', scopes: ['admin'] });

    const list = await admin.get('/api-keys?per_page=10').expect(200);
    expect(list.body.meta).toEqual({ page: 1, per_page: 10, total: 2, total_pages: 1 });
    expect(list.body.data.map((k: { id: string }) => k.id)).toEqual([key.id, biz.key_id]);
    for (const listed of list.body.data)
      expect(Object.keys(listed).sort()).toEqual(['created_at', 'id', 'last_used_at', 'name', 'prefix', 'revoked_at', 'scopes']);
    for (const secret of [...secretsOf(key.api_key), ...secretsOf(biz.api_key)]) {
      expect(list.text).not.toContain(secret);
      expect(me.text).not.toContain(secret);
    }
    // nor in any log line of the process (access log, errors, debug)
    expect(logs.records.length).toBeGreaterThan(0);
    const leaked = logs.records.filter((r) => [...secretsOf(key.api_key), ...secretsOf(biz.api_key)].some((s) => r.includes(s)));
    expect(leaked).toEqual([]);
  });

  it('keeps last_used_at off the request path: written in a batch, at most once a minute per key', async () => {
    const biz = await createBusiness(t, 'Used');
    const lastUsed = async () => (await t.db.query(`SELECT last_used_at FROM api_keys WHERE id = $1`, [biz.key_id]))[0].last_used_at as Date | null;
    expect(await lastUsed()).toBeNull();
    await as(t, biz.api_key).get('/business').expect(200);
    const first = await pollUntil(lastUsed, (v) => v !== null);
    expect(first).not.toBeNull();
    // more requests in both processes within the minute: the row is not written again
    for (let i = 0; i < 5; i++) {
      await as(t, biz.api_key).get('/business').expect(200);
      await as(second, biz.api_key).get('/business').expect(200);
    }
    await second.app.get(ApiKeyUsage).flush();
    await t.app.get(ApiKeyUsage).flush();
    expect(await lastUsed()).toEqual(first);
    const listed = (await as(t, biz.api_key).get('/api-keys').expect(200)).body.data[0];
    expect(listed.last_used_at).toBe(first!.toISOString());
  });

  it("writing last_used_at does not empty the processes' key caches; a change of the key does", async () => {
    const biz = await createBusiness(t, 'Quiet');
    const listener = new Client({ connectionString: t.databaseUrl });
    await listener.connect();
    const heard: string[] = [];
    listener.on('notification', (n) => heard.push(n.payload ?? ''));
    try {
      await listener.query('LISTEN api_keys_changed');
      await as(t, biz.api_key).get('/business').expect(200);
      await t.app.get(ApiKeyUsage).flush();
      expect((await t.db.query(`SELECT last_used_at FROM api_keys WHERE id = $1`, [biz.key_id]))[0].last_used_at).not.toBeNull();
      await t.db.query(`UPDATE api_keys SET name = 'Renamed' WHERE id = $1`, [biz.key_id]);
      // notifications arrive in commit order: the rename's arriving means the usage write sent none
      expect(
        await pollUntil(
          () => heard.length,
          (n) => n > 0,
        ),
      ).toBe(1);
      expect(heard).toEqual([hashApiKey(biz.api_key)]);
    } finally {
      await listener.end();
    }
  });

  it('flush() returns only once the usage write already under way has committed', async () => {
    const biz = await createBusiness(t, 'Flushed');
    const usage = t.app.get(ApiKeyUsage);
    const lastUsed = async () => (await t.db.query(`SELECT last_used_at FROM api_keys WHERE id = $1`, [biz.key_id]))[0].last_used_at as Date | null;
    // the key's row held by another transaction: the usage write that takes the noted key waits for it
    const holder = new Client({ connectionString: t.databaseUrl });
    await holder.connect();
    try {
      await holder.query('BEGIN');
      await holder.query('SELECT 1 FROM api_keys WHERE id = $1 FOR UPDATE', [biz.key_id]);
      await as(t, biz.api_key).get('/business').expect(200);
      void usage.flush(); // this one, or the timer's before it, takes the key and waits
      const waiting = () =>
        t.db
          .query(
            `SELECT count(*)::int AS n FROM pg_stat_activity
              WHERE datname = current_database() AND ${WAITING_FOR_A_LOCK} AND query LIKE 'UPDATE api_keys k SET last_used_at%'`,
          )
          .then((rows: { n: number }[]) => rows[0].n);
      expect(await pollUntil(waiting, (n) => n > 0)).toBe(1);
      let returned = false;
      const flushed = usage.flush().then(() => (returned = true));
      await new Promise(setImmediate); // every settled promise's callbacks have run
      expect(returned).toBe(false);
      await holder.query('COMMIT');
      await flushed;
      expect(await lastUsed()).not.toBeNull();
    } finally {
      await holder.end();
    }
  });

  it('revokes a key at once in both processes; the other keys keep working', async () => {
    const biz = await createBusiness(t, 'Revoke');
    const made = (
      await as(t, biz.api_key)
        .post('/api-keys', { name: 'Temp', scopes: ['analytics'] })
        .expect(201)
    ).body.data;
    // both processes have the key in their caches
    await as(t, made.api_key).get('/business').expect(200);
    await as(second, made.api_key).get('/business').expect(200);
    const revoked = await as(t, biz.api_key).del(`/api-keys/${made.id}`).expect(204);
    expect(revoked.text).toBe('');
    for (const app of [t, second]) {
      // within the poll's 20 s, well under the cache's 60 s lapse: only the change's notification explains it
      const status = await pollUntil(
        async () => (await as(app, made.api_key).get('/business')).status,
        (s) => s === 401,
      );
      expect(status).toBe(401);
    }
    const listed = (await as(second, biz.api_key).get('/api-keys').expect(200)).body.data.find((k: { id: string }) => k.id === made.id);
    expect(listed.revoked_at).toMatch(ISO_MS);
    // revoking it again answers the same and keeps the first time
    await as(second, biz.api_key).del(`/api-keys/${made.id}`).expect(204);
    expect((await as(t, biz.api_key).get('/api-keys').expect(200)).body.data.find((k: { id: string }) => k.id === made.id).revoked_at).toBe(listed.revoked_at);
    await as(second, biz.api_key).get('/business').expect(200);
  });

  it("refuses to revoke the business's last active admin key (409 LAST_ADMIN_KEY), and allows it while another is left", async () => {
    const biz = await createBusiness(t, 'Last admin');
    const refused = await as(t, biz.api_key).del(`/api-keys/${biz.key_id}`).expect(409);
    expect(refused.body.error).toMatchObject({ code: 'LAST_ADMIN_KEY', details: [{ key_id: biz.key_id, active_admin_keys: 1 }] });
    // a restricted key does not count as an admin
    await as(t, biz.api_key)
      .post('/api-keys', { name: 'Till', scopes: ['sales'] })
      .expect(201);
    await as(t, biz.api_key).del(`/api-keys/${biz.key_id}`).expect(409);
    const other = (
      await as(t, biz.api_key)
        .post('/api-keys', { name: 'Owner 2', scopes: ['admin'] })
        .expect(201)
    ).body.data;
    await as(t, other.api_key).del(`/api-keys/${biz.key_id}`).expect(204);
    expect((await as(t, other.api_key).del(`/api-keys/${other.id}`).expect(409)).body.error.code).toBe('LAST_ADMIN_KEY');
    await as(t, other.api_key).get('/api-keys').expect(200);
  });

  it('two admin keys revoking each other at once: one wins, the other is 409, one admin key is left', async () => {
    for (let round = 0; round < 5; round++) {
      const biz = await createBusiness(t, `Race ${round}`);
      const other = (
        await as(t, biz.api_key)
          .post('/api-keys', { name: 'Owner 2', scopes: ['admin'] })
          .expect(201)
      ).body.data;
      const [one, two] = await Promise.all([as(t, biz.api_key).del(`/api-keys/${other.id}`), as(second, other.api_key).del(`/api-keys/${biz.key_id}`)]);
      // the loser is 409, or 401 when the winner had revoked its key before it authenticated
      const statuses = [one.status, two.status].sort();
      expect(statuses[0]).toBe(204);
      expect([401, 409]).toContain(statuses[1]);
      const [{ n }] = await t.db.query(`SELECT count(*)::int AS n FROM api_keys WHERE business_id = $1 AND revoked_at IS NULL AND 'admin' = ANY(scopes)`, [
        biz.business_id,
      ]);
      expect(n).toBe(1);
    }
  });

  it("answers 404 for another business's key, and leaves it alone", async () => {
    const a = await createBusiness(t, 'A');
    const b = await createBusiness(t, 'B');
    const theirs = await t.db.transaction((m) => createApiKey(m, b.business_id, { name: 'B till', scopes: ['sales'] }));
    expect((await as(t, a.api_key).del(`/api-keys/${theirs.key_id}`).expect(404)).body.error.code).toBe('NOT_FOUND');
    expect((await as(t, a.api_key).del(`/api-keys/${b.key_id}`).expect(404)).body.error.code).toBe('NOT_FOUND');
    await as(t, theirs.api_key).get('/business').expect(200);
    expect((await as(t, a.api_key).get('/api-keys').expect(200)).body.data.map((k: { id: string }) => k.id)).toEqual([a.key_id]);
  });

  it('a restricted key cannot list, create or revoke keys (403), and writes nothing trying', async () => {
    const biz = await createBusiness(t, 'Restricted');
    const till = await t.db.transaction((m) => createApiKey(m, biz.business_id, { name: 'Till', scopes: ['sales', 'orders:write', 'webhooks'] }));
    await usedOnce(till.api_key);
    const before = await snapshotBusiness(t.db, biz.business_id);
    const restricted = as(t, till.api_key);
    for (const res of [
      await restricted.get('/api-keys'),
      await restricted.post('/api-keys', { name: 'Mine', scopes: ['admin'] }, { 'Idempotency-Key': 'escalate-1' }),
      await restricted.del(`/api-keys/${biz.key_id}`),
      await restricted.del(`/api-keys/${till.key_id}`),
    ]) {
      expect(res.status).toBe(403);
      expect(res.body.error).toMatchObject({ code: 'FORBIDDEN_SCOPE', details: [{ required: 'admin' }] });
    }
    expect(snapshotDiff(before, await snapshotBusiness(t.db, biz.business_id))).toEqual({});
  });

  it('refuses unknown, repeated and empty scopes and bad names (400), writing nothing', async () => {
    const biz = await createBusiness(t, 'Hostile keys');
    await usedOnce(biz.api_key);
    const before = await snapshotBusiness(t.db, biz.business_id);
    const cases: [unknown, string][] = [
      [{ name: 'x', scopes: ['root'] }, 'scopes'],
      [{ name: 'x', scopes: ['sales', 'Sales'] }, 'scopes'],
      [{ name: 'x', scopes: ['sales', 'sales'] }, 'scopes'],
      [{ name: 'x', scopes: [] }, 'scopes'],
      [{ name: 'x', scopes: 'sales' }, 'scopes'],
      [{ name: 'x', scopes: [null] }, 'scopes'],
      [{ name: 'x' }, 'scopes'],
      [{ name: 'x'.repeat(101), scopes: ['sales'] }, 'name'],
      [{ name: '   ', scopes: ['sales'] }, 'name'],
      [{ name: 7, scopes: ['sales'] }, 'name'],
      [{ scopes: ['sales'] }, 'name'],
      [{ name: 'x', scopes: ['sales'], api_key: 'bo_chosen_by_the_client_000000000000000000' }, 'api_key'],
      [{ name: 'x', scopes: Array.from({ length: 14 }, () => 'sales') }, 'scopes'],
    ];
    for (const [body, field] of cases) {
      const res = await as(t, biz.api_key).post('/api-keys', body);
      expect({ body, status: res.status, code: res.body.error?.code }).toEqual({ body, status: 400, code: 'VALIDATION_FAILED' });
      expect(JSON.stringify(res.body.error.details)).toContain(field);
    }
    expect(snapshotDiff(before, await snapshotBusiness(t.db, biz.business_id))).toEqual({});
    await as(t, biz.api_key)
      .post('/api-keys', { name: 'x'.repeat(100), scopes: ['admin', 'sales'] })
      .expect(201);
  });

  it('replays a creation to the same caller only, never storing the key in clear', async () => {
    const biz = await createBusiness(t, 'Replay');
    const headers = { 'Idempotency-Key': 'make-till-1' };
    const body = { name: 'Till', scopes: ['sales'] };
    const first = await as(t, biz.api_key).post('/api-keys', body, headers).expect(201);
    const replay = await as(second, biz.api_key).post('/api-keys', body, headers).expect(201);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.body).toEqual(first.body);
    const stored = await t.db.query(`SELECT response_body::text AS body FROM idempotency_keys WHERE business_id = $1`, [biz.business_id]);
    expect(stored).toHaveLength(1);
    for (const secret of secretsOf(first.body.data.api_key)) expect(stored[0].body).not.toContain(secret);
    expect(stored[0].body).toContain(first.body.data.id);
    // another admin key of the business cannot have it replayed
    const other = (
      await as(t, biz.api_key)
        .post('/api-keys', { name: 'Owner 2', scopes: ['admin'] })
        .expect(201)
    ).body.data;
    const stolen = await as(t, other.api_key).post('/api-keys', body, headers).expect(409);
    expect(stolen.body.error.code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(stolen.text).not.toContain(first.body.data.api_key);
    expect((await as(t, biz.api_key).get('/api-keys').expect(200)).body.meta.total).toBe(3);
  });
});
