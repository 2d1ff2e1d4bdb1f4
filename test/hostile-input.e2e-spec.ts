import { refusingUrl } from './helpers/receiver';
import { buildWorld, call, CallResult, documentedRoutes, errorBodyProblems, settle, stringsIn, World, MAIL_QUEUED_ONLY } from './helpers/route-cases';
import { Attack, attacksOn, TEXT_FRAGMENTS } from './helpers/route-cases-attacks';
import { bodyCaseFor, uncovered } from './helpers/route-cases-derived';
import { BodyRouteCase, HostileContext } from './helpers/route-cases-hostile';
import { RESOURCE_FIXTURES, resourceOf } from './helpers/route-fixtures';
import { inPool } from './helpers/in-pool';
import { snapshotBusiness, snapshotDiff } from './helpers/snapshot';
import { createBusiness, startTestApp, TestApp } from './helpers/test-app';

/**
 * Issue 6 item 2: every POST/PUT route of the live OpenAPI document gets hundreds of hostile
 * requests derived from a valid body (test/helpers/route-cases-attacks.ts). Refused ones are a 4xx
 * with the docs/api.md error body and write nothing (every row of the business hashed before and
 * after); text that may be accepted comes back verbatim; nothing is ever a 5xx; Object.prototype
 * stays clean (the app runs in this process).
 */
/** Variants of one route in flight at once: refused ones write nothing, accepted ones each write to a target of their own. */
const PARALLEL_REQUESTS = 6;

describe('hostile input: every POST and PUT route of the OpenAPI document', () => {
  let t: TestApp;
  let w: World;
  let n = 0;
  const ctx = (): HostileContext => ({ t, w, n: ++n });

  beforeAll(async () => {
    t = await startTestApp({ webhookAllowInsecure: true, webhookMaxAttempts: 1, webhookDispatchIntervalMs: 50, ...MAIL_QUEUED_ONLY });
    w = await buildWorld(t, await createBusiness(t, 'Hostile'), 'H', await refusingUrl());
    const topUp = await call(t, w.auth, 'POST', '/stock/adjustments', { body: { product_id: w.productId, quantity: 100_000, reason: 'restock' } });
    expect(topUp.status).toBe(201);
  }, 60_000);
  afterAll(() => t.close());

  it('has a case for every POST and PUT route of the document', async () => {
    const writes = (await documentedRoutes(t)).routes.filter((r) => r.method === 'POST' || r.method === 'PUT').map((r) => r.key);
    expect(writes.length).toBeGreaterThanOrEqual(19);
    // a route is covered by its resource's fixture (test/helpers/route-fixtures.ts)
    const routes = (await documentedRoutes(t)).routes.filter((r) => r.method === 'POST' || r.method === 'PUT');
    expect(uncovered(routes)).toEqual([]);
  });

  // per resource, from its fixture: each POST and PUT route accepts its valid body, refuses every hostile variant without writing, never answers 5xx
  it.each(Object.keys(RESOURCE_FIXTURES))(
    '%s: every POST and PUT route, attacked',
    async (resource) => {
      const writes = (await documentedRoutes(t)).routes.filter((r) => (r.method === 'POST' || r.method === 'PUT') && resourceOf(r) === resource);
      for (const route of writes) await attack(route.key, bodyCaseFor(route)!);
    },
    300_000,
  );

  async function attack(key: string, c: BodyRouteCase): Promise<void> {
    const method = key.split(' ')[0];
    const first = ctx();
    const valid = await call(t, w.auth, method, await c.path(first), { body: c.body?.(first) });
    if (valid.status >= 300) throw new Error(`the valid body is refused: ${valid.status} ${valid.text}`);

    const problems: string[] = [];
    const rejectCtx = ctx();
    const rejectPath = await c.path(rejectCtx);
    const attacks = attacksOn(c.body?.(rejectCtx), c);
    await settle(t, w.businessId);
    const before = await snapshotBusiness(t.db, w.businessId);
    const rejections = attacks.filter((a) => a.verdict === 'reject');
    const rejected = rejections.length;
    for (const found of await inPool(rejections, PARALLEL_REQUESTS, async (attack) => judge(attack, await send(method, rejectPath, attack)))) {
      problems.push(...found);
    }
    await settle(t, w.businessId);
    const written = snapshotDiff(before, await snapshotBusiness(t.db, w.businessId));

    const echoedFields = new Set<string>();
    let echoedCount = 0;
    // each accepted variant goes to a target of its own (a fresh path, unique names): independent too
    const acceptedIndexes = [...attacks.keys()].filter((i) => attacks[i].verdict !== 'reject');
    const accepted = acceptedIndexes.length;
    await inPool(acceptedIndexes, PARALLEL_REQUESTS, async (i) => {
      const fresh = ctx();
      const path = await c.path(fresh);
      const attack = attacksOn(c.body?.(fresh), { ...c, salt: fresh.n })[i];
      const res = await send(method, path, attack);
      problems.push(...judge(attack, res));
      if (attack.verdict === 'echo' && res.status < 300) {
        echoedFields.add(attack.field!);
        echoedCount++;
        problems.push(...(await givenBack(c, fresh, attack, res)));
      }
    });
    expect({ problems, written }).toEqual({ problems: [], written: {} });
    expect(rejected).toBeGreaterThan(c.body ? 30 : 15);
    expect(accepted).toBeGreaterThan(0);
    // each free-text field stores such text as given
    expect([...echoedFields].sort()).toEqual([...(c.texts ?? [])].sort());
    expect(echoedCount).toBe((c.texts?.length ?? 0) * TEXT_FRAGMENTS.length);
  }

  it('leaves Object.prototype clean and every table in place', async () => {
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(Object.getOwnPropertyNames(Object.getPrototypeOf({})).sort());
    expect(Object.keys(Object.prototype)).toEqual([]);
    const [tables] = await t.db.query(
      `SELECT count(*)::int AS n FROM information_schema.tables WHERE table_schema = 'public' AND table_name IN ('sales', 'products')`,
    );
    expect(tables.n).toBe(2);
    const list = await call(t, w.auth, 'GET', '/products?per_page=100');
    expect(list.status).toBe(200);
  });

  function send(method: string, path: string, attack: Attack): Promise<CallResult> {
    return call(t, w.auth, method, path, { raw: attack.raw, contentType: attack.contentType, headers: attack.headers });
  }

  function judge(attack: Attack, res: CallResult): string[] {
    const where = `${attack.label} -> ${res.status}`;
    if (res.status >= 500) return [`${where}: server error ${res.text.slice(0, 300)}`];
    if (res.status >= 400) {
      const body = errorBodyProblems(res).map((p) => `${where}: ${p}`);
      if (body.length > 0) return body;
    }
    if (attack.verdict === 'reject') {
      if (res.status < 400) return [`${where}: accepted`];
      if (attack.status && (res.status !== attack.status || res.body.error.code !== attack.code)) {
        return [`${where}: expected ${attack.status} ${attack.code}, got ${res.body.error.code} ${JSON.stringify(res.body.error.details ?? '').slice(0, 200)}`];
      }
    }
    if (res.status < 300 && !String(res.headers['content-type'] ?? '').startsWith('application/json') && res.status !== 204 && res.status !== 202) {
      return [`${where}: answered ${res.headers['content-type']}`];
    }
    return [];
  }

  async function givenBack(c: BodyRouteCase, fresh: HostileContext, attack: Attack, res: CallResult): Promise<string[]> {
    if (stringsIn(res.body).includes(attack.text!)) return [];
    if (c.readBack && stringsIn(await c.readBack(fresh, attack.field!, res.body)).includes(attack.text!)) return [];
    return [`${attack.label} -> ${res.status}: accepted but not given back verbatim: ${res.text.slice(0, 300)}`];
  }
});
