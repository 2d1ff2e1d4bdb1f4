import { IdempotencyStore } from '../src/common/idempotency/idempotency-store';
import { refusingUrl } from './helpers/receiver';
import { buildWorld, call, CallResult, documentedRoutes, DocumentedRoute, settle, World, MAIL_QUEUED_ONLY } from './helpers/route-cases';
import { bodyCaseFor } from './helpers/route-cases-derived';
import { HostileContext } from './helpers/route-cases-hostile';
import { snapshotBusiness, snapshotDiff } from './helpers/snapshot';
import { createBusiness, startTestApp, TestApp } from './helpers/test-app';
import { ROUTE_SWEEP_TIMEOUT_MS } from './helpers/sweep-timeout';
import { WRITES_NOTHING } from '../src/common/openapi/endpoint.decorator';

/**
 * Issue 30 point 1, docs/api.md 9. The rule, Stripe's: every POST writes, so every POST honours
 * Idempotency-Key; the only exemption is a POST that writes nothing (a quote, documented
 * `x-writes-nothing`), and that one is held to writing nothing, under a key too. The routes come from the live OpenAPI document, so a new
 * POST without `@Endpoint({ idempotent: true })` fails here. Each one documents the header and the 409 codes, and for
 * real: its valid request (the hostile-input cases, test/helpers/route-cases-hostile.ts) sent twice
 * with one key is answered the same the second time with `Idempotent-Replayed: true`, and the
 * business's rows are as the first left them; another body under the key is 409
 * IDEMPOTENCY_KEY_REUSED, writing nothing; and the outcome was committed by the request's unit of
 * work with its effect, never stored after it.
 */
describe('Idempotency-Key on every POST of the OpenAPI document', () => {
  let t: TestApp;
  let w: World;
  let n = 0;
  let posts: DocumentedRoute[];
  /** the POSTs that write nothing (the quotes: docs/api.md 9), held to that instead */
  let computations: DocumentedRoute[];
  const storedOutside: string[] = [];

  beforeAll(async () => {
    t = await startTestApp({ webhookAllowInsecure: true, webhookMaxAttempts: 1, webhookDispatchIntervalMs: 50, ...MAIL_QUEUED_ONLY });
    w = await buildWorld(t, await createBusiness(t, 'Idempotent'), 'I', await refusingUrl());
    const all = (await documentedRoutes(t)).routes.filter((r) => r.method === 'POST');
    posts = all.filter((r) => !r.operation[WRITES_NOTHING]);
    computations = all.filter((r) => r.operation[WRITES_NOTHING]);
    // a success stored through this path was not committed with its effect by a unit of work
    const store = t.app.get(IdempotencyStore);
    const storeUncommitted = store.storeUncommittedOutcome.bind(store);
    store.storeUncommittedOutcome = (scope, request, status, body) => {
      if (status < 400) storedOutside.push(`${request.method} ${request.path} -> ${status}`);
      return storeUncommitted(scope, request, status, body);
    };
  }, 60_000);
  afterAll(() => t.close());

  it('every POST documents the header and the 409 codes, and has a valid request to replay', () => {
    expect(posts.length).toBeGreaterThanOrEqual(24);
    const problems = posts.flatMap((route) => {
      const found: string[] = [];
      const header = (route.operation.parameters ?? []).find((p: { in: string; name: string }) => p.in === 'header' && p.name === 'Idempotency-Key');
      if (!header || header.required) found.push('Idempotency-Key is not an optional header parameter');
      const conflict = JSON.stringify(route.operation.responses['409'] ?? {});
      for (const code of ['IDEMPOTENCY_KEY_REUSED', 'IDEMPOTENCY_IN_PROGRESS']) if (!conflict.includes(code)) found.push(`409 ${code} is not documented`);
      if (!bodyCaseFor(route)) found.push('no valid request in test/helpers/route-cases-hostile.ts nor a fixture in route-fixtures.ts');
      return found.map((p) => `${route.key}: ${p}`);
    });
    expect(problems).toEqual([]);
  });

  it(
    'every POST replays its first answer under the key, takes effect once, and refuses the key with another body',
    async () => {
      const problems: string[] = [];
      for (const route of posts) {
        const c = bodyCaseFor(route);
        if (!c) continue; // reported by the test above
        const ctx: HostileContext = { t, w, n: ++n };
        const path = await c.path(ctx);
        const body = c.body?.(ctx);
        const key = `every-post-${ctx.n}`;
        const headers = { 'Idempotency-Key': key };
        const where = (res: CallResult) => `${route.key} -> ${res.status}`;

        const first = await call(t, w.auth, route.method, path, { body, headers });
        if (first.status >= 300 || first.headers['idempotent-replayed'] !== undefined) {
          problems.push(`${where(first)}: the first request is not a fresh success: ${first.text.slice(0, 200)}`);
          continue;
        }
        await settle(t, w.businessId);
        const afterFirst = await snapshotBusiness(t.db, w.businessId);

        const replay = await call(t, w.auth, route.method, path, { body, headers });
        if (replay.status !== first.status || replay.headers['idempotent-replayed'] !== 'true') {
          problems.push(`${where(replay)}: not the replay (Idempotent-Replayed: ${replay.headers['idempotent-replayed']})`);
        } else if (JSON.stringify(replay.body) !== JSON.stringify(first.body)) {
          problems.push(`${where(replay)}: replays another body: ${replay.text.slice(0, 200)}`);
        }
        // a field no route knows: the key is judged before the body is validated, so every route can be sent another body
        const reused = await call(t, w.auth, route.method, path, { body: { ...(body ?? {}), another: 'body' }, headers });
        if (reused.status !== 409 || reused.body?.error?.code !== 'IDEMPOTENCY_KEY_REUSED')
          problems.push(`${where(reused)}: another body is not IDEMPOTENCY_KEY_REUSED`);
        await settle(t, w.businessId);
        const written = snapshotDiff(afterFirst, await snapshotBusiness(t.db, w.businessId));
        if (Object.keys(written).length > 0) problems.push(`${route.key}: the replay or the reused key wrote ${Object.keys(written).join(', ')}`);
      }
      expect({ problems, storedOutside }).toEqual({ problems: [], storedOutside: [] });
    },
    ROUTE_SWEEP_TIMEOUT_MS,
  );

  it(
    'every POST that writes nothing documents no key, and its valid request, under a key, writes nothing (no key either)',
    async () => {
      expect(computations.map((r) => r.key).sort()).toEqual(['POST /orders/quote', 'POST /orders/{id}/returns/quote']);
      const problems: string[] = [];
      for (const route of computations) {
        const c = bodyCaseFor(route);
        if (!c) {
          problems.push(`${route.key}: no valid request in route-fixtures.ts`);
          continue;
        }
        if ((route.operation.parameters ?? []).some((p: { in: string; name: string }) => p.in === 'header' && p.name === 'Idempotency-Key'))
          problems.push(`${route.key}: documents Idempotency-Key`);
        const ctx: HostileContext = { t, w, n: ++n };
        const path = await c.path(ctx);
        const body = c.body?.(ctx);
        await settle(t, w.businessId);
        const before = await snapshotBusiness(t.db, w.businessId);
        for (let attempt = 0; attempt < 2; attempt++) {
          const res = await call(t, w.auth, route.method, path, { body, headers: { 'Idempotency-Key': `writes-nothing-${ctx.n}` } });
          if (res.status !== 200 || res.headers['idempotent-replayed'] !== undefined) problems.push(`${route.key} -> ${res.status}: ${res.text.slice(0, 200)}`);
        }
        await settle(t, w.businessId);
        const written = snapshotDiff(before, await snapshotBusiness(t.db, w.businessId));
        if (Object.keys(written).length > 0) problems.push(`${route.key}: wrote ${Object.keys(written).join(', ')}`);
      }
      expect(problems).toEqual([]);
    },
    ROUTE_SWEEP_TIMEOUT_MS,
  );
});
