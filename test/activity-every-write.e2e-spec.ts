import { refusingUrl } from './helpers/receiver';
import { buildWorld, call, documentedRoutes, DocumentedRoute, settle, World, MAIL_QUEUED_ONLY } from './helpers/route-cases';
import { bodyCaseFor } from './helpers/route-cases-derived';
import { HostileContext } from './helpers/route-cases-hostile';
import { missingPath } from './helpers/missing-paths';
import { createBusiness, startTestApp, TestApp, TestBusiness } from './helpers/test-app';
import { WRITES_NOTHING } from '../src/common/openapi/endpoint.decorator';

/**
 * docs/api.md 20: every request that changes data writes its activity entries in its transaction.
 * The routes come from the live OpenAPI document, so a new writing route without `tx.recordActivity`
 * fails here: each non-GET route's valid request (its fixture, test/helpers/route-fixtures.ts) writes
 * at least one entry, every entry it wrote carries its X-Request-Id and the calling key as actor, and
 * an action named `<module>.<verb>`; the same route refused (its resource missing: 404, or a body no
 * route takes: 400) writes none.
 */
describe('an activity entry for every write of the OpenAPI document', () => {
  let t: TestApp;
  let biz: TestBusiness;
  let w: World;
  let n = 0;
  let writes: DocumentedRoute[];

  beforeAll(async () => {
    t = await startTestApp({ webhookAllowInsecure: true, webhookMaxAttempts: 1, webhookDispatchIntervalMs: 50, ...MAIL_QUEUED_ONLY });
    biz = await createBusiness(t, 'Activity');
    w = await buildWorld(t, biz, 'A', await refusingUrl());
    // a POST that writes nothing (a quote) is held to writing nothing by test/idempotency-every-post.e2e-spec.ts
    writes = (await documentedRoutes(t)).routes.filter((r) => r.method !== 'GET' && r.method !== 'HEAD' && !r.operation[WRITES_NOTHING]);
  }, 60_000);
  afterAll(() => t.close());

  const entriesOf = async (requestId: string) =>
    t.db.query(
      `SELECT actor_type, actor_id, actor_name, action, resource_type, resource_id, resource_label FROM activity_entries WHERE business_id = $1 AND request_id = $2`,
      [w.businessId, requestId],
    );
  const countAll = async () => (await t.db.query(`SELECT count(*)::int AS n FROM activity_entries WHERE business_id = $1`, [w.businessId]))[0].n as number;

  it('every successful write writes its entries, with its request id and actor; a refused one writes none', async () => {
    expect(writes.length).toBeGreaterThanOrEqual(39);
    const problems: string[] = [];
    for (const route of writes) {
      const c = bodyCaseFor(route);
      if (!c) {
        problems.push(`${route.key}: no fixture in test/helpers/route-fixtures.ts`);
        continue;
      }
      const ctx: HostileContext = { t, w, n: ++n };
      const path = await c.path(ctx);
      const body = c.body?.(ctx);
      await settle(t, w.businessId);

      // refused first: the resource missing (404), or for a route without a path parameter a body no route takes (400)
      const refusedId = `activity-refused-${ctx.n}`;
      const before = await countAll();
      const missing = missingPath(
        route,
        path,
        () => true,
        () => false,
      );
      const refused =
        missing.replaced.length > 0 && missing.problems.length === 0
          ? await call(t, w.auth, route.method, missing.path, { body, headers: { 'X-Request-Id': refusedId } })
          : await call(t, w.auth, route.method, path, { body: { ...(body ?? {}), not_a_field: 1 }, headers: { 'X-Request-Id': refusedId } });
      await settle(t, w.businessId);
      if (refused.status < 400 || refused.status >= 500) problems.push(`${route.key}: the refused call answered ${refused.status}`);
      else if ((await countAll()) !== before) problems.push(`${route.key}: the refused call (${refused.status}) wrote an entry`);

      const requestId = `activity-every-write-${ctx.n}`;
      const res = await call(t, w.auth, route.method, path, { body, headers: { 'X-Request-Id': requestId } });
      if (res.status >= 300) {
        problems.push(`${route.key} -> ${res.status}: the valid request failed: ${res.text.slice(0, 200)}`);
        continue;
      }
      await settle(t, w.businessId);
      const entries = await entriesOf(requestId);
      if (entries.length === 0) problems.push(`${route.key}: no activity entry`);
      for (const e of entries) {
        if (e.actor_type !== 'key' || e.actor_id !== biz.key_id) problems.push(`${route.key}: ${e.action} has actor ${e.actor_type} ${e.actor_id}`);
        if (!/^[a-z][a-z_]*(\.[a-z][a-z_]*)+$/.test(e.action)) problems.push(`${route.key}: action ${e.action} is not <module>.<verb>`);
        if (!e.resource_type) problems.push(`${route.key}: ${e.action} names no resource type`);
      }
    }
    expect(problems).toEqual([]);
  }, 300_000);
});
