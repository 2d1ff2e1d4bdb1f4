import { refusingUrl } from './helpers/receiver';
import { buildWorld, call, documentedRoutes, DocumentedRoute, World, MAIL_QUEUED_ONLY } from './helpers/route-cases';
import { bodyCaseFor } from './helpers/route-cases-derived';
import { HostileContext } from './helpers/route-cases-hostile';
import { ownPaths } from './helpers/isolation-sweep';
import { fieldName, requestBodyFields, valueAt, withValueAt } from './helpers/request-schemas';
import { createBusiness, startTestApp, TestApp } from './helpers/test-app';

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;
/** The UUIDs of a text written with an upper-case letter. */
const upperCaseIn = (text: string) => (text.match(UUID) ?? []).filter((id) => id !== id.toLowerCase());

/**
 * Issue 30 point 8, docs/api.md 1: a UUID is accepted in any letter case wherever a client sends one
 * (path, query, body) and always written in lower case. Upper-case ids of existing rows inside a
 * body were 422 UNKNOWN_PRODUCT / UNKNOWN_WAREHOUSE / UNKNOWN_SALE_ITEM. Derived from the live
 * document: every body field of format uuid of every route case, every GET of the isolation table
 * with an id in its path or query.
 */
describe('hostile input: UUIDs in upper case', () => {
  let t: TestApp;
  let w: World;
  let routes: DocumentedRoute[];
  let document: any;
  let n = 0;
  const ctx = (): HostileContext => ({ t, w, n: ++n });

  beforeAll(async () => {
    t = await startTestApp({ webhookAllowInsecure: true, webhookMaxAttempts: 1, webhookDispatchIntervalMs: 50, ...MAIL_QUEUED_ONLY });
    w = await buildWorld(t, await createBusiness(t, 'Upper'), 'U', await refusingUrl());
    const topUp = await call(t, w.auth, 'POST', '/stock/adjustments', { body: { product_id: w.productId, quantity: 1000, reason: 'restock' } });
    expect(topUp.status).toBe(201);
    ({ routes, document } = await documentedRoutes(t));
  }, 60_000);
  afterAll(() => t.close());

  it('accepts every body UUID field in upper case as the row it names, and writes it in lower case', async () => {
    const problems: string[] = [];
    const covered: string[] = [];
    for (const route of routes) {
      const c = bodyCaseFor(route);
      if (!c?.body) continue;
      const c0 = ctx();
      const path = await c.path(c0);
      const valid = c.body(c0);
      const fields = requestBodyFields(document, route.operation).filter((f) => f.schema.format === 'uuid' && typeof valueAt(valid, f.path) === 'string');
      if (fields.length === 0) continue;
      let body = valid;
      for (const f of fields) body = withValueAt(body, f.path, (id) => String(id).toUpperCase());
      const res = await call(t, w.auth, route.method, path, { body });
      const where = `${route.key} with ${fields.map((f) => fieldName(f.path)).join(', ')} in upper case -> ${res.status}`;
      if (res.status >= 300) problems.push(`${where}: ${res.text.slice(0, 300)}`);
      else if (upperCaseIn(res.text).length > 0) problems.push(`${where}: answers ${upperCaseIn(res.text).join(', ')}`);
      covered.push(route.key);
    }
    expect(problems).toEqual([]);
    expect(covered).toEqual(
      expect.arrayContaining([
        'POST /orders',
        'POST /stock/adjustments',
        'POST /stock/transfers',
        'POST /stock/transfers/{id}/receive',
        'POST /stock/counts',
        'POST /orders/{id}/returns',
        'POST /purchase-orders',
        'PUT /purchase-orders/{id}',
        'POST /purchase-orders/{id}/receipts',
        'POST /invoices',
        'POST /loyalty/redeem',
      ]),
    );
  }, 60_000);

  it('answers a GET with ids in upper case in its path or query as it answers them in lower case', async () => {
    const problems: string[] = [];
    let compared = 0;
    for (const route of routes.filter((r) => r.method === 'GET')) {
      for (const path of await ownPaths(t, route, w)) {
        const upper = path.replace(UUID, (id) => id.toUpperCase());
        if (upper === path) continue;
        const [lower, shouted] = [await call(t, w.auth, 'GET', path), await call(t, w.auth, 'GET', upper)];
        const where = `GET ${upper} -> ${shouted.status}`;
        if (shouted.status !== 200 || lower.status !== 200) problems.push(`${where} (lower case: ${lower.status}) ${shouted.text.slice(0, 200)}`);
        else if (JSON.stringify(shouted.body.data) !== JSON.stringify(lower.body.data)) problems.push(`${where}: another answer than in lower case`);
        compared++;
      }
    }
    expect(problems).toEqual([]);
    expect(compared).toBeGreaterThanOrEqual(20);
  }, 60_000);
});
