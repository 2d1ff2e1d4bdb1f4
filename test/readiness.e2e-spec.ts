import { Readiness } from '../src/common/http/readiness';
import { createBusiness, startTestApp, TestApp } from './helpers/test-app';

/**
 * GET /health/ready (docs/operations.md, "Readiness"): 503 while the database lacks this version's
 * migrations, and once the process leaves (SIGTERM with SHUTDOWN_DELAY_MS) while other requests
 * are still served. The real start and SIGTERM: test/observability-process.e2e-spec.ts.
 */
describe('readiness', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  it('answers 503 while the newest migration of this code is not recorded, 200 once it is', async () => {
    await t.http().get('/health/ready').expect(200, { status: 'ok', database: 'up' });
    const [newest] = await t.db.query<{ id: number; timestamp: string; name: string }[]>(
      'SELECT id, timestamp, name FROM schema_migrations ORDER BY timestamp DESC LIMIT 1',
    );
    await t.db.query('DELETE FROM schema_migrations WHERE id = $1', [newest.id]);
    try {
      const res = await t.http().get('/health/ready').expect(503);
      expect(res.body.error.code).toBe('SERVICE_UNAVAILABLE');
    } finally {
      await t.db.query('INSERT INTO schema_migrations (id, timestamp, name) VALUES ($1, $2, $3)', [newest.id, newest.timestamp, newest.name]);
    }
    await t.http().get('/health/ready').expect(200);
  });

  it('answers 503 once the process leaves, while every other request is served', async () => {
    const biz = await createBusiness(t);
    t.app.get(Readiness).leave();
    await t.http().get('/health/ready').expect(503);
    await t.http().get('/health').expect(200);
    await t.http().get('/api/v1/business').set(biz.auth).expect(200);
  });
});
