import { randomUUID } from 'crypto';
import { inPool } from './helpers/in-pool';
import { refusingUrl } from './helpers/receiver';
import { buildWorld, call, documentedRoutes, DocumentedRoute, errorBodyProblems, World, MAIL_QUEUED_ONLY } from './helpers/route-cases';
import { ownPaths } from './helpers/isolation-sweep';
import { missingValue, pathParameters } from './helpers/missing-paths';
import { readPaths, refusedQueries, UNKNOWN_QUERY_PARAMETER } from './helpers/route-cases-derived';
import { createBusiness, startTestApp, TestApp } from './helpers/test-app';
import { ROUTE_SWEEP_TIMEOUT_MS } from './helpers/sweep-timeout';

interface QueryAttack {
  label: string;
  /** the raw query string, already encoded */
  query: string;
  /** 400: refused as VALIDATION_FAILED; 200: served; undefined: anything but a 5xx */
  status?: 200 | 400;
}

const enc = encodeURIComponent;

/** Values each documented parameter must refuse (400), by its OpenAPI schema. */
function refusedValues(schema: any): string[] {
  if (schema.enum) return ['x', String(schema.enum[0]).toUpperCase(), `${schema.enum[0]}' OR '1'='1`, '', `${schema.enum[0]}\u0000`];
  if (schema.type === 'number' || schema.type === 'integer') {
    const max = schema.maximum ?? 1_000_000;
    const min = schema.minimum ?? 1;
    return ['1e9', String(min - 1), '-1', String(max + 1), 'abc', '1.5', '', '0x10', 'NaN', 'Infinity', '9'.repeat(400), '\uFF11', ' 1', '1\u0000'];
  }
  if (schema.format === 'uuid') return ['not-a-uuid', "' OR 1=1 --", '00000000-0000-0000-0000-00000000000g', '\u0000', ''];
  if (schema.format === 'date')
    return ['2026-02-30', '2026-02-29', '2026-13-01', '2026-1-1', '20260101', '2026-01-01T00:00:00Z', 'yesterday', '0000-00-00', '\u0000'];
  if (schema.type === 'boolean') return ['yes', '1', 'TRUE', '', '\u0000'];
  return ['x'.repeat(201), 'a\u0000b'];
}

/** Values a free-text parameter serves as text (200). */
const SERVED_TEXT = ["' OR 1=1 --", '%_\\', '<script>alert(1)</script>', 'Café ☕️ שלום', '{"$gt":""}'];

function attacksFor(route: DocumentedRoute): QueryAttack[] {
  const params: any[] = (route.operation.parameters ?? []).filter((p: any) => p.in === 'query');
  const out: QueryAttack[] = [];
  for (const p of params) {
    for (const v of refusedValues(p.schema ?? {})) out.push({ label: `${p.name}=${JSON.stringify(v)}`, query: `${p.name}=${enc(v)}`, status: 400 });
    out.push({ label: `${p.name} twice`, query: `${p.name}=a&${p.name}=b`, status: 400 });
    out.push({ label: `${p.name}[] twice`, query: `${p.name}[]=a&${p.name}[]=b`, status: 400 });
    out.push({ label: `${p.name}[key]`, query: `${p.name}[$gt]=1`, status: 400 });
    if (p.schema?.type === 'number') out.push({ label: `${p.name} at its maximum`, query: `${p.name}=${p.schema.maximum}`, status: 200 });
    if (p.schema?.type === 'string' && !p.schema.format && !p.schema.enum) {
      for (const v of SERVED_TEXT) out.push({ label: `${p.name}=${JSON.stringify(v)}`, query: `${p.name}=${enc(v)}`, status: 200 });
    }
  }
  const names = params.map((p) => p.name);
  if (names.includes('from') && names.includes('to')) out.push({ label: 'from after to', query: 'from=2026-11-02&to=2026-11-01', status: 400 });
  const unknown: [string, string][] = [
    ['an unknown parameter', 'foo=bar'],
    ['__proto__[polluted]', '__proto__[polluted]=yes'],
    ['__proto__', '__proto__=yes'],
    ['constructor[prototype][polluted]', 'constructor[prototype][polluted]=yes'],
    ['prototype', 'prototype=yes'],
    ['a NUL in a key', `a${enc('\u0000')}=1`],
  ];
  // a route without query parameters refuses them as well (docs/api.md 1)
  for (const [label, query] of unknown) out.push({ label, query, status: 400 });
  return out;
}

/**
 * Issue 6 item 2, query strings: every GET route of the live OpenAPI document, with every documented
 * query parameter given wrong types, out-of-range and malformed numbers (1e9, -1, 0x10, 400 digits),
 * impossible dates (2026-02-30), unknown enum values, NUL characters, repeated and bracketed forms
 * (status[]=x&status[]=y), prototype keys and SQL/markup text: a 400 with the contract's error body
 * or a 200, never a 5xx, and Object.prototype stays clean.
 */
describe('hostile input: query strings of every GET route of the OpenAPI document', () => {
  let t: TestApp;
  let w: World;
  let routes: DocumentedRoute[];
  let writes: DocumentedRoute[];

  beforeAll(async () => {
    t = await startTestApp({ webhookAllowInsecure: true, webhookMaxAttempts: 1, webhookDispatchIntervalMs: 50, ...MAIL_QUEUED_ONLY });
    w = await buildWorld(t, await createBusiness(t, 'Queries'), 'Q', await refusingUrl());
    const all = (await documentedRoutes(t)).routes;
    routes = all.filter((r) => r.method === 'GET');
    writes = all.filter((r) => r.method !== 'GET');
  }, 60_000);
  afterAll(() => t.close());

  it(
    'refuses or serves every hostile query, never with a 5xx',
    async () => {
      const problems: string[] = [];
      let sent = 0;
      for (const route of routes) {
        // the isolation case table knows each route's path ids; with the same business on both sides they are its own
        const path = (await ownPaths(t, route, w))[0].split('?')[0];
        // a route that needs a query (GET /search's q) is served with it; each attack replaces it
        const plain = await call(t, w.auth, 'GET', route.path.includes('{') ? path : readPaths(route)[0]);
        if (plain.status !== 200) problems.push(`${route.key}: ${path} itself -> ${plain.status}`);
        const attacks = attacksFor(route);
        sent += attacks.length;
        // reads only: independent of each other, so several are in flight at once
        await inPool(attacks, 6, async (attack) => {
          const res = await call(t, w.auth, 'GET', `${path}?${attack.query}`);
          const where = `${route.key} ${attack.label} -> ${res.status}`;
          if (res.status >= 500) problems.push(`${where}: ${res.text.slice(0, 200)}`);
          else if (res.status >= 400) problems.push(...errorBodyProblems(res).map((p) => `${where}: ${p}`));
          if (attack.status === 400 && (res.status !== 400 || res.body.error.code !== 'VALIDATION_FAILED'))
            problems.push(`${where}: expected 400 VALIDATION_FAILED`);
          if (attack.status === 200 && res.status !== 200) problems.push(`${where}: expected 200 ${res.text.slice(0, 200)}`);
        });
      }
      expect(problems).toEqual([]);
      expect(sent).toBeGreaterThan(500);
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      expect(Object.keys(Object.prototype)).toEqual([]);
    },
    ROUTE_SWEEP_TIMEOUT_MS,
  );

  /** The refusal is a 400 VALIDATION_FAILED whose details name `field`. */
  const refusalProblems = (res: Awaited<ReturnType<typeof call>>, field: string): string[] => {
    if (res.status !== 400 || res.body?.error?.code !== 'VALIDATION_FAILED') return [`expected 400 VALIDATION_FAILED: ${res.text.slice(0, 200)}`];
    const fields = (res.body.error.details ?? []).map((d: { field?: string }) => d.field);
    return fields.includes(field) ? errorBodyProblems(res) : [`details do not name ${field}: ${JSON.stringify(res.body.error.details)}`];
  };

  it(
    'refuses an unknown query parameter and an empty value of each parameter on every GET route, naming it',
    async () => {
      const problems: string[] = [];
      const cases: string[] = [];
      for (const route of routes) {
        const path = (await ownPaths(t, route, w))[0].split('?')[0];
        for (const refused of refusedQueries(route)) {
          const res = await call(t, w.auth, 'GET', `${path}?${refused.query}`);
          cases.push(`${route.key} ${refused.label}`);
          problems.push(...refusalProblems(res, refused.field).map((p) => `${route.key} ${refused.label} -> ${res.status}: ${p}`));
        }
      }
      expect(problems).toEqual([]);
      // the routes of the report: a detail read, the business, a PDF, a report, and a filter that listed everything
      expect(cases).toEqual(
        expect.arrayContaining([
          'GET /business an unknown query parameter',
          'GET /products/{id} an unknown query parameter',
          'GET /invoices/{id}/pdf an unknown query parameter',
          'GET /reports/inventory-valuation an unknown query parameter',
          'GET /products sku empty',
          'GET /products barcode empty',
          'GET /orders status empty',
        ]),
      );
      expect(cases.length).toBeGreaterThan(routes.length * 2);
    },
    ROUTE_SWEEP_TIMEOUT_MS,
  );

  it('refuses an unknown query parameter on every other route before it runs', async () => {
    const problems: string[] = [];
    for (const route of writes) {
      // ids that exist nowhere: the refusal comes before the route reads its path
      const path = pathParameters(route).reduce(
        (p, { name, schema }) => p.replace(`{${name}}`, missingValue(schema, randomUUID(), () => false) ?? 'x'),
        route.path,
      );
      const res = await call(t, w.auth, route.method, `${path}?${UNKNOWN_QUERY_PARAMETER}=1`);
      problems.push(...refusalProblems(res, UNKNOWN_QUERY_PARAMETER).map((p) => `${route.key} -> ${res.status}: ${p}`));
    }
    expect(problems).toEqual([]);
    expect(writes.length).toBeGreaterThan(20);
  }, 60_000);

  it('refuses an unknown query parameter on the public routes too: the service index and the health checks', async () => {
    const problems: string[] = [];
    for (const path of ['/api/v1', '/health', '/health/ready']) {
      const res = await t.http().get(`${path}?${UNKNOWN_QUERY_PARAMETER}=1`);
      const result = { status: res.status, body: res.body, text: res.text ?? '', headers: res.headers as Record<string, string> };
      problems.push(...refusalProblems(result, UNKNOWN_QUERY_PARAMETER).map((p) => `GET ${path} -> ${res.status}: ${p}`));
      // without it each answers
      expect((await t.http().get(path)).status).toBe(200);
    }
    expect(problems).toEqual([]);
  });
});
