import { ERROR_STATUS, ErrorCode } from '../src/common/errors/error-codes';
import { BusinessValues, enumValues } from './helpers/business-values';
import { OwnAnswer, ownAnswers } from './helpers/isolation-sweep';
import { missingPath, missingValue } from './helpers/missing-paths';
import { refusingUrl } from './helpers/receiver';
import { buildWorld, call, CallResult, documentedRoutes, DocumentedRoute, errorBodyProblems, stringsIn, World, MAIL_QUEUED_ONLY } from './helpers/route-cases';
import { isolationCalls, makerFor, uncovered } from './helpers/route-cases-derived';
import { IsolationCall, OwnFigures } from './helpers/route-cases-isolation';
import { RESOURCE_FIXTURES } from './helpers/route-fixtures';
import { idsOfBusiness, snapshotBusiness, snapshotDiff } from './helpers/snapshot';
import { createBusiness, startTestApp, TestApp } from './helpers/test-app';
import { ROUTE_SWEEP_TIMEOUT_MS } from './helpers/sweep-timeout';

/**
 * A's document numbers (sales, invoices, returns, credit notes, purchase orders, receipts,
 * transfers, counts, generated SKUs) start here. Numbers are per business, so both businesses
 * would otherwise have S-0001: a number alone could not tell A's from B's. A's counters are moved
 * on before A's world is made, so every number A has is one B never reaches in this suite (the
 * last test checks that B's counters stayed below it), and any of A's numbers in B's answer is A's.
 */
const A_NUMBERS_FROM = 501;

/**
 * Issue 6 item 1, made strong by issue 31 item 7: every route of the live OpenAPI document, called
 * with business B's key on business A's ids (path ids, body references, query filters). Path ids of
 * A are 404 exactly like keys that exist nowhere, references are refused with 422 UNKNOWN_* (or
 * 404), lists and reports hold B's rows only, and afterwards every row of A (every table with a
 * business_id, counted and hashed) is as it was.
 *
 * A leak is found by any value of A, not only by its ids: every string of every answer A gets
 * about its own data (every documented GET route, list and detail, every page, the events feed)
 * is one of A's values, unless every business may have it by nature (business-values.ts: enum
 * values, dates, short numbers, short strings). The world marks every free-text field with its
 * business's tag (buildWorld), so A's names, notes, emails, phones, SKUs and barcode are A's
 * alone, and A's numbers are set apart (A_NUMBERS_FROM). Every answer B gets, to the cases below
 * and to its own view of every GET route before and after them, must hold none of A's values but
 * those B itself sent in that request or stored (B may name a category like A's).
 */
describe('tenant isolation: every documented route with another business key', () => {
  let t: TestApp;
  let a: World;
  let b: World;
  let routes: DocumentedRoute[];
  let aValues: BusinessValues;
  let aOwn: OwnAnswer[];
  let aIds: Set<string>;
  /** A's values a third business C, made the same way, has too: with no sign of A (dropped), with one (a leak) */
  let sharedWithC: string[];
  let markedSharedWithC: string[];
  let bOwnBefore: OwnAnswer[];
  /** B's calls of every route, derived from the document and the fixtures, on instances of A of their own */
  let cases: Map<string, IsolationCall[]>;
  /** every string of B's own answers: keys that exist, so never a "missing" one */
  const bStrings = new Set<string>();
  /** strings B stored itself through an accepted write: B's values, even when A has them too */
  const writtenByB = new Set<string>();

  beforeAll(async () => {
    t = await startTestApp({ webhookAllowInsecure: true, webhookMaxAttempts: 1, webhookDispatchIntervalMs: 50, ...MAIL_QUEUED_ONLY });
    const hook = await refusingUrl();
    const bizA = await createBusiness(t, 'Tenant A');
    await t.db.query(`UPDATE business_counters SET value = $2 WHERE business_id = $1`, [bizA.business_id, A_NUMBERS_FROM - 1]);
    a = await buildWorld(t, bizA, 'TenantA', hook);
    b = await buildWorld(t, await createBusiness(t, 'Tenant B'), 'TenantB', hook);
    const c = await buildWorld(t, await createBusiness(t, 'Tenant C'), 'TenantC', hook);
    const documented = await documentedRoutes(t);
    routes = documented.routes;
    const enums = enumValues(documented.document);
    aValues = new BusinessValues(enums);
    aOwn = await ownAnswers(t, routes, a);
    for (const answer of [...a.answers, ...aOwn.map((o) => ({ where: o.where, body: o.res.body }))]) aValues.addAnswer(answer.where, answer.body);
    // derived cases make their own instances of A (one per case) now, before A's values are read
    let made = 0;
    const aMaker = makerFor(t, a.auth, (where, body) => aValues.addAnswer(where, body));
    cases = await isolationCalls(routes, { a: aMaker, b: makerFor(t, b.auth) }, () => 900_000 + ++made, documented.document);
    aIds = await idsOfBusiness(t.db, a.businessId);
    aValues.add("A's rows", ...aIds);
    const cValues = new BusinessValues(enums);
    for (const answer of [...c.answers, ...(await ownAnswers(t, routes, c)).map((o) => ({ where: o.where, body: o.res.body }))]) {
      cValues.addAnswer(answer.where, answer.body);
    }
    markedSharedWithC = [...aValues.seenIn.keys()].filter((v) => cValues.has(v) && bearsSignOfA(v));
    sharedWithC = aValues.dropShared((v) => cValues.has(v) && !bearsSignOfA(v));
    bOwnBefore = await ownAnswers(t, routes, b);
    for (const answer of bOwnBefore) stringsIn(answer.res.body).forEach((s) => bStrings.add(s));
  }, ROUTE_SWEEP_TIMEOUT_MS);
  afterAll(() => t.close());

  it('has a case for every route of the document, and no case for a route that is not in it', () => {
    const documented = routes.map((r) => r.key).sort();
    expect(documented.length).toBeGreaterThan(40);
    // a route is covered by its resource's fixture (test/helpers/route-fixtures.ts)
    expect(uncovered(routes)).toEqual([]);
    // derived from the document: a body or query field that names another resource's row gets A's row
    const labels = (key: string) => cases.get(key)!.map((c) => c.label);
    expect(labels('POST /products')).toEqual(["B writes products beside A's", "A's tax-rates as tax_rate_id", "A's categories as category_id"]);
    expect(labels('PUT /products/{id}')).toEqual(["A's products", "A's tax-rates as tax_rate_id", "A's categories as category_id"]);
    expect(labels('GET /products')).toEqual(['B lists its products', "filtered on A's categories", 'stock_status=low', 'stock_status=out']);
    const resources = new Set(routes.map((r) => r.path.split('/')[1]));
    expect(Object.keys(RESOURCE_FIXTURES).filter((resource) => !resources.has(resource))).toEqual([]);
  });

  it("reads A's own values from A's answers: ids, numbers, codes, names, emails, phones, notes", () => {
    expect(aOwn.filter((answer) => answer.res.status !== 200).map((answer) => `${answer.where} -> ${answer.res.status}`)).toEqual([]);
    expect(new Set(aOwn.map((answer) => answer.where.split(' ').slice(0, 2).join(' ')))).toEqual(
      new Set(routes.filter((r) => r.method === 'GET').map((r) => r.key)),
    );
    const values = [...aValues.seenIn.keys()];
    const numbered = values.filter((v) => /^[A-Z]+-\d+$/.test(v));
    expect(new Set(numbered.map((v) => v.split('-')[0]))).toEqual(new Set(['S', 'INV', 'R', 'CN', 'PO', 'GR', 'TR', 'CNT', 'SKU']));
    expect(numbered.filter((v) => Number(v.split('-')[1]) < A_NUMBERS_FROM)).toEqual([]);
    for (const value of [a.productName, a.productSku, a.categoryName, a.supplierName, a.customerEmail, a.productId, a.eventId]) expect(values).toContain(value);
    expect(values).toEqual(
      expect.arrayContaining([
        'TenantA Dark roast',
        'TenantA VIP',
        '+1 555 1665',
        'TenantA Gift wrap',
        'TenantA changed mind',
        'TenantA wrong size',
        'TenantA Main',
      ]),
    );
    expect(values).toEqual(expect.arrayContaining(['TenantA Grace', 'TenantA mug', 'TenantA top-up', 'TenantA shelf', 'tenanta-orders@roastery.example']));
    expect(values.filter((v) => /^\d{13}$/.test(v))).toHaveLength(1); // the barcode
  });

  /**
   * Values the server writes alike for every business (a default unit, ledger categories, the
   * payroll's description of the same period, a delivery's error) are no sign of A: they are the
   * ones a third business C, made the same way, has as well. That cannot hide a leak of A into C:
   * a value that bears a sign of A (its tag, one of its ids or numbers) stays A's, and C must not
   * have it.
   */
  it('what A shares with a third business made the same way is what every business has', () => {
    expect(markedSharedWithC).toEqual([]);
    expect(sharedWithC.length).toBeLessThan(aValues.seenIn.size / 4);
  });

  it("B's own view of every GET route holds nothing of A", () => {
    const problems = bOwnBefore.flatMap((answer) =>
      answer.res.status !== 200
        ? [`${answer.where} -> ${answer.res.status}`]
        : aValues.foundIn(answer.res, () => false).map((v) => `${answer.where}: A's ${v}`),
    );
    expect(problems).toEqual([]);
  });

  it(
    'never shows, changes or uses business A from business B',
    async () => {
      const before = await snapshotBusiness(t.db, a.businessId);
      const problems: string[] = [];
      let calls = 0;
      for (const route of routes) {
        for (const c of cases.get(route.key) ?? []) {
          calls++;
          const res = await call(t, b.auth, route.method, c.path, { body: c.body });
          const where = `${route.key} (${c.label}) -> ${res.status}`;
          const sent = `${c.path} ${JSON.stringify(c.body ?? null)}`;
          problems.push(...aValues.foundIn(res, (v) => sent.includes(v) || writtenByB.has(v)).map((v) => `${where}: A's ${v}`));
          problems.push(...(await judge(route, c, res)).map((p) => `${where}: ${p}`));
          if (route.method !== 'GET' && res.status < 300) stringsIn(c.body).forEach((s) => writtenByB.add(s));
        }
      }
      const changedOfA = snapshotDiff(before, await snapshotBusiness(t.db, a.businessId));
      expect({ problems, changedOfA }).toEqual({ problems: [], changedOfA: {} });
      expect(calls).toBeGreaterThan(60);
    },
    ROUTE_SWEEP_TIMEOUT_MS,
  );

  it(
    "B's own view after all that still holds nothing of A, and B's numbers stay below A's",
    async () => {
      const problems = (await ownAnswers(t, routes, b)).flatMap((answer) =>
        answer.res.status !== 200
          ? [`${answer.where} -> ${answer.res.status}`]
          : aValues.foundIn(answer.res, (v) => writtenByB.has(v)).map((v) => `${answer.where}: A's ${v}`),
      );
      expect(problems).toEqual([]);
      const [row] = await t.db.query(`SELECT max(value)::int AS highest FROM business_counters WHERE business_id = $1`, [b.businessId]);
      expect(row.highest).toBeLessThan(A_NUMBERS_FROM);
    },
    ROUTE_SWEEP_TIMEOUT_MS,
  );

  /** A's tag (every free text of A's world has it), an id of A's rows, or one of A's numbers. */
  function bearsSignOfA(value: string): boolean {
    return /tenanta/i.test(value) || aIds.has(value) || [...value.matchAll(/\b[A-Z]+-(\d+)\b/g)].some(([, n]) => Number(n) >= A_NUMBERS_FROM);
  }

  async function judge(route: DocumentedRoute, c: IsolationCall, res: CallResult): Promise<string[]> {
    if (res.status >= 500) return [`server error ${res.text}`];
    if (res.status >= 400 && errorBodyProblems(res).length > 0) return errorBodyProblems(res);
    const code: ErrorCode | undefined = res.body?.error?.code;
    switch (c.expect.kind) {
      case 'not_found': {
        if (res.status !== 404 || code !== 'NOT_FOUND') return ['expected 404 NOT_FOUND'];
        return sameAsMissing(route, c, res);
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
   * A's key and a key that exists nowhere get the same answer (existence is not revealed): A's
   * path parameters are replaced by missing values of their documented types (missing-paths.ts;
   * B's own stay), the two paths differ, and both answers are the same 404 body but for its
   * request_id. And the key is real: A's own key reads it (GET routes).
   */
  async function sameAsMissing(route: DocumentedRoute, c: IsolationCall, res: CallResult): Promise<string[]> {
    const missing = missingPath(
      route,
      c.path,
      (v) => aValues.has(v),
      (v) => aValues.has(v) || bStrings.has(v),
    );
    if (missing.problems.length > 0) return missing.problems;
    const other = await call(t, b.auth, route.method, missing.path, { body: c.body });
    const problems: string[] = [];
    const withoutRequestId = (r: CallResult) => ({ status: r.status, error: { ...r.body?.error, request_id: undefined } });
    if (JSON.stringify(withoutRequestId(other)) !== JSON.stringify(withoutRequestId(res))) {
      problems.push(`answers differently from ${missing.path} (${missing.replaced.join(', ')}): ${other.status} ${other.text}`);
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

/** The "missing" keys of every type, on routes made up here: today's document has uuid keys only. */
describe('tenant isolation: missing paths for any key type', () => {
  const route = (path: string, parameters: { name: string; schema: object }[]): DocumentedRoute => ({
    method: 'GET',
    path,
    key: `GET ${path}`,
    operation: { parameters: parameters.map((p) => ({ in: 'path', ...p })) },
  });
  const theirs = new Set(['3f0c2a4e-8d7b-4c1e-9a65-0b2d4e6f8a10', 'S-0501', '42', 'TenantA-ESP', 'ab12']);
  const isTheirs = (v: string) => theirs.has(v);
  const taken = (v: string) => theirs.has(v) || v === 'S-9999';

  it('gives each key type a value of that type that exists nowhere', () => {
    expect(missingValue({ type: 'string', format: 'uuid' }, '3f0c2a4e-8d7b-4c1e-9a65-0b2d4e6f8a10', taken)).toMatch(/^[0-9a-f-]{36}$/);
    expect(missingValue({ type: 'string' }, '3f0c2a4e-8d7b-4c1e-9a65-0b2d4e6f8a10', taken)).toMatch(/^[0-9a-f-]{36}$/);
    expect(missingValue({ type: 'integer', minimum: 1 }, '42', taken)).toBe('2000000000');
    expect(missingValue({ type: 'integer', maximum: 99999 }, '42', taken)).toBe('99999');
    expect(missingValue({ type: 'string', pattern: '^S-\\d{4}$' }, 'S-0501', taken)).toBe('S-8888'); // S-9999 exists
    expect(missingValue({ type: 'string' }, 'TenantA-ESP', taken)).toBe('ZzzzzzZ-ZZZ');
    expect(missingValue({ type: 'string', maxLength: 4 }, 'ab12', taken)).toBe('ab99');
    expect(missingValue({ type: 'string', enum: ['a', 'b'] }, 'a', taken)).toBeNull();
    expect(missingValue({ type: 'string', pattern: '^x$' }, 'S-0501', taken)).toBeNull();
  });

  it("replaces only the other business's keys, and refuses a path that would be compared with itself", () => {
    const nested = route('/things/{id}/parts/{code}', [
      { name: 'id', schema: { type: 'string', format: 'uuid' } },
      { name: 'code', schema: { type: 'string' } },
    ]);
    const mine = '0d6c1b8e-2f4a-4b3c-8e5d-7a9b1c3d5e7f';
    expect(missingPath(nested, `/things/${mine}/parts/S-0501?page=2`, isTheirs, taken)).toEqual({
      path: `/things/${mine}/parts/S-8888?page=2`,
      replaced: ['code: S-0501 -> S-8888'],
      problems: [],
    });
    expect(missingPath(nested, `/things/${mine}/parts/mine-1`, isTheirs, taken).problems).toEqual([
      `no path parameter of /things/${mine}/parts/mine-1 belongs to the other business`,
      `the missing path is the path itself: /things/${mine}/parts/mine-1`,
    ]);
    const coded = route('/codes/{code}', [{ name: 'code', schema: { type: 'string', enum: ['S-0501'] } }]);
    expect(missingPath(coded, '/codes/S-0501', isTheirs, taken).problems).toContain('the missing path is the path itself: /codes/S-0501');
    expect(missingPath(coded, '/elsewhere/S-0501', isTheirs, taken).problems).toEqual(['/elsewhere/S-0501 is not a path of /codes/{code}']);
  });
});
