import { randomUUID } from 'crypto';
import { ERROR_STATUS, ErrorCode } from '../src/common/errors/error-codes';
import { refusingUrl } from './helpers/receiver';
import { buildWorld, call, CallResult, documentedRoutes, DocumentedRoute, errorBodyProblems, World } from './helpers/route-cases';
import { ISOLATION_CASES, IsolationCall, OwnFigures } from './helpers/route-cases-isolation';
import { idsOfBusiness, snapshotBusiness, snapshotDiff } from './helpers/snapshot';
import { createBusiness, startTestApp, TestApp } from './helpers/test-app';

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;

/**
 * Issue 6 item 1: every route of the live OpenAPI document, called with business B's key on
 * business A's ids (path ids, body references, query filters). Path ids of A are 404 exactly like
 * ids that exist nowhere, references are refused with 422 UNKNOWN_* (or 404), lists and reports
 * hold B's rows only, no answer carries an id of A that B did not send, and afterwards every row
 * of A (every table with a business_id, counted and hashed) is as it was.
 */
describe('tenant isolation: every documented route with another business key', () => {
  let t: TestApp;
  let a: World;
  let b: World;
  let routes: DocumentedRoute[];

  beforeAll(async () => {
    t = await startTestApp({ webhookAllowInsecure: true, webhookMaxAttempts: 1, webhookDispatchIntervalMs: 50 });
    const hook = await refusingUrl();
    a = await buildWorld(t, await createBusiness(t, 'Tenant A'), 'A', hook);
    b = await buildWorld(t, await createBusiness(t, 'Tenant B'), 'B', hook);
    routes = (await documentedRoutes(t)).routes;
  }, 60_000);
  afterAll(() => t.close());

  it('has a case for every route of the document, and no case for a route that is not in it', () => {
    const documented = routes.map((r) => r.key).sort();
    expect(documented.length).toBeGreaterThan(40);
    expect(documented.filter((key) => !ISOLATION_CASES[key])).toEqual([]);
    expect(Object.keys(ISOLATION_CASES).filter((key) => !documented.includes(key))).toEqual([]);
  });

  it('never shows, changes or uses business A from business B', async () => {
    const before = await snapshotBusiness(t.db, a.businessId);
    const aIds = await idsOfBusiness(t.db, a.businessId);
    expect(aIds.size).toBeGreaterThan(30);
    const problems: string[] = [];
    let calls = 0;
    for (const route of routes) {
      for (const c of ISOLATION_CASES[route.key]?.(a, b) ?? []) {
        calls++;
        const res = await call(t, b.auth, route.method, c.path, { body: c.body });
        const where = `${route.key} (${c.label}) -> ${res.status}`;
        problems.push(...leaks(c, res, aIds).map((id) => `${where}: leaks A's id ${id}`));
        problems.push(...(await judge(route, c, res)).map((p) => `${where}: ${p}`));
      }
    }
    const changedOfA = snapshotDiff(before, await snapshotBusiness(t.db, a.businessId));
    expect({ problems, changedOfA }).toEqual({ problems: [], changedOfA: {} });
    expect(calls).toBeGreaterThan(60);
  }, 120_000);

  /** Ids of A in the answer that B did not send itself (a 422 lists the ids it refused). */
  function leaks(c: IsolationCall, res: CallResult, aIds: Set<string>): string[] {
    const sent = `${c.path} ${JSON.stringify(c.body ?? null)}`;
    return [...new Set(res.text.match(UUID) ?? [])].filter((id) => aIds.has(id) && !sent.includes(id));
  }

  async function judge(route: DocumentedRoute, c: IsolationCall, res: CallResult): Promise<string[]> {
    if (res.status >= 500) return [`server error ${res.text}`];
    if (res.status >= 400 && errorBodyProblems(res).length > 0) return errorBodyProblems(res);
    const code: ErrorCode | undefined = res.body?.error?.code;
    switch (c.expect.kind) {
      case 'not_found': {
        if (res.status !== 404 || code !== 'NOT_FOUND') return ['expected 404 NOT_FOUND'];
        return sameAsNowhere(route, c, res);
      }
      case 'refused': {
        const ok = (res.status === 404 && code === 'NOT_FOUND') || (code !== undefined && c.expect.codes.includes(code) && res.status === ERROR_STATUS[code]);
        return ok ? [] : [`expected ${c.expect.codes.join(' or ')} (or 404), got ${res.text}`];
      }
      case 'list':
        return res.status === 200 && res.body.success === true && Array.isArray(res.body.data) ? [] : [`expected a 200 list, got ${res.text}`];
      case 'own': {
        if (res.status !== c.expect.status) return [`expected ${c.expect.status}, got ${res.text}`];
        try {
          c.check?.(res.body, await ownFigures());
        } catch (err) {
          return [(err as Error).message];
        }
        return [];
      }
    }
  }

  /**
   * A's id and an id that exists nowhere get the same answer (existence is not revealed), and the
   * id is real: A's own key reads it (GET routes).
   */
  async function sameAsNowhere(route: DocumentedRoute, c: IsolationCall, res: CallResult): Promise<string[]> {
    const nowhere = c.path.replace(UUID, () => randomUUID());
    const other = await call(t, b.auth, route.method, nowhere, { body: c.body });
    const problems: string[] = [];
    if (other.status !== res.status || other.body?.error?.code !== res.body.error.code || other.body?.error?.message !== res.body.error.message) {
      problems.push(`answers differently from an unknown id: ${other.text}`);
    }
    if (route.method === 'GET') {
      const mine = await call(t, a.auth, 'GET', c.path);
      if (mine.status !== 200) problems.push(`A itself cannot read ${c.path}: ${mine.status}`);
    }
    return problems;
  }

  async function ownFigures(): Promise<OwnFigures> {
    const [row] = await t.db.query(
      `SELECT (SELECT count(*)::int FROM sales WHERE business_id = $1 AND status IN ('completed', 'partially_returned')) AS completed_orders,
              (SELECT coalesce(sum(total - refunded_amount), 0)::text FROM sales WHERE business_id = $1 AND status IN ('completed', 'partially_returned')) AS revenue,
              (SELECT count(*)::int FROM customers WHERE business_id = $1) AS customers,
              (SELECT coalesce(sum(amount), 0)::text FROM finance_transactions WHERE business_id = $1 AND type = 'income') AS income`,
      [b.businessId],
    );
    return { completedOrders: row.completed_orders, revenue: Number(row.revenue), customers: row.customers, income: Number(row.income) };
  }
});
