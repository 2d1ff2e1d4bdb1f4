import { ApiKeyLookup } from '../src/common/auth/api-key-lookup';
import { ApiKeyLookupStore } from '../src/modules/businesses/api-key-lookup.store';
import { revokeApiKey } from '../src/modules/businesses/business-provisioning';
import { pollUntil } from './helpers/receiver';
import { createBusiness, startTestApp, TestApp, TestBusiness } from './helpers/test-app';

/**
 * Issue 15: each process caches API-key lookups (no round trip per request) and a revocation still
 * takes effect at once: the database notifies every listening process when the revoking transaction
 * commits, whoever revoked. Without its notification connection a process serves nothing from the cache.
 */
describe('API-key lookups cached, revocation immediate', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp({ apiKeyCacheMs: 60_000 });
  });
  afterAll(() => t.close());

  const status = async (biz: TestBusiness) => (await t.http().get('/api/v1/business').set(biz.auth)).status;

  /** Revokes as an operator editing the table by hand with triggers off: no notification is sent. */
  async function revokeSilently(biz: TestBusiness): Promise<void> {
    await t.db.transaction(async (m) => {
      await m.query(`SET LOCAL session_replication_role = replica`);
      await m.query(`UPDATE api_keys SET revoked_at = now() WHERE id = $1`, [biz.key_id]);
    });
  }

  it('serves a known key from the cache, and a revocation drops it as soon as it commits', async () => {
    const biz = await createBusiness(t);
    expect(await status(biz)).toBe(200);
    // the cache answers without the database: a change that notifies nobody goes unseen
    await revokeSilently(biz);
    expect(await status(biz)).toBe(200);
    await t.db.query(`UPDATE api_keys SET revoked_at = NULL WHERE id = $1`, [biz.key_id]);

    await t.db.transaction((m) => revokeApiKey(m, biz.key_id));
    // the notification travels to the process's listening connection at commit
    await pollUntil(
      () => status(biz),
      (s) => s === 401,
      2000,
    );
    for (let i = 0; i < 10; i++) expect(await status(biz)).toBe(401);
  });

  it('unknown and revoked keys are never cached: a key revoked before its first use is refused', async () => {
    const biz = await createBusiness(t);
    await t.db.transaction((m) => revokeApiKey(m, biz.key_id));
    expect(await status(biz)).toBe(401);
    await t.db.query(`UPDATE api_keys SET revoked_at = NULL WHERE id = $1`, [biz.key_id]);
    expect(await status(biz)).toBe(200);
  });

  it('a lost notification connection empties the cache, which serves nothing until it listens again', async () => {
    const biz = await createBusiness(t);
    expect(await status(biz)).toBe(200);
    const killed = await t.db.query(
      `SELECT pg_terminate_backend(pid) AS done FROM pg_stat_activity WHERE datname = current_database() AND query = 'LISTEN api_keys_changed'`,
    );
    expect(killed).toEqual([{ done: true }]);
    // the termination reaches the process asynchronously: once the cache is off, the database answers
    await revokeSilently(biz);
    await pollUntil(
      () => status(biz),
      (s) => s === 401,
      2000,
    );
    // listening again after a second: keys are cached again
    const store = t.app.get<ApiKeyLookup, ApiKeyLookupStore>(ApiKeyLookup);
    await pollUntil(
      () => store.cacheActive,
      (active) => active,
      5000,
    );
    const next = await createBusiness(t, 'Next');
    expect(await status(next)).toBe(200);
    await revokeSilently(next);
    expect(await status(next)).toBe(200);
  });
});
