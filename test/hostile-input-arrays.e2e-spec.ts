import { refusingUrl } from './helpers/receiver';
import { buildWorld, call, CallResult, documentedRoutes, DocumentedRoute, errorBodyProblems, World, MAIL_QUEUED_ONLY } from './helpers/route-cases';
import { bodyCaseFor } from './helpers/route-cases-derived';
import { HostileContext } from './helpers/route-cases-hostile';
import { fieldName, requestBodyFields, SchemaField, valueAt, withValueAt } from './helpers/request-schemas';
import { createBusiness, startTestApp, TestApp } from './helpers/test-app';

/** docs/api.md 1: what a 400 may weigh, whatever the body was. */
const MAX_DETAILS = 100;
const MAX_ERROR_BYTES = 20_000;
const ONE_MB = 1024 * 1024;

/** `<prefix><element>,<element>,...<suffix>`, the element `count` times. */
function filled(prefix: string, element: string, count: number, suffix = ']}'): string {
  return `${prefix}${Array.from({ length: count }, () => element).join(',')}${suffix}`;
}

/**
 * Issue 30 point 6: huge arrays in a body were validated element by element (seconds of CPU in which
 * no other request was served) and their errors flattened recursively into one `push(...spread)`
 * (a stack overflow: 500). Every array of every request body is bounded in the OpenAPI document; an
 * array over its bound is a 400 naming it before any element is looked at; a 400 lists at most 100
 * details and weighs little, whatever the body.
 */
describe('hostile input: huge arrays, many keys and deep nesting in request bodies', () => {
  let t: TestApp;
  let w: World;
  let routes: DocumentedRoute[];
  let document: any;
  let n = 0;
  const ctx = (): HostileContext => ({ t, w, n: ++n });

  beforeAll(async () => {
    t = await startTestApp({ webhookAllowInsecure: true, webhookMaxAttempts: 1, webhookDispatchIntervalMs: 50, ...MAIL_QUEUED_ONLY });
    w = await buildWorld(t, await createBusiness(t, 'Arrays'), 'A', await refusingUrl());
    ({ routes, document } = await documentedRoutes(t));
  }, 60_000);
  afterAll(() => t.close());

  const arraysOf = (route: DocumentedRoute): SchemaField[] => requestBodyFields(document, route.operation).filter((f) => f.schema.type === 'array');

  function boundedErrorProblems(res: CallResult): string[] {
    if (res.status !== 400) return [`${res.status} ${res.text.slice(0, 300)}`];
    const problems = errorBodyProblems(res);
    if (res.body.error.code !== 'VALIDATION_FAILED') problems.push(`code ${res.body.error.code}`);
    const details = res.body.error.details ?? [];
    if (details.length === 0 || details.length > MAX_DETAILS) problems.push(`${details.length} details`);
    if (res.text.length > MAX_ERROR_BYTES) problems.push(`a ${res.text.length}-byte error body`);
    return problems;
  }

  it('bounds every array of every request body in the document (maxItems)', () => {
    const arrays = routes.flatMap((route) => arraysOf(route).map((f) => ({ where: `${route.key} ${fieldName(f.path)}`, maxItems: f.schema.maxItems })));
    expect(arrays.length).toBeGreaterThanOrEqual(12);
    expect(arrays.filter((a) => typeof a.maxItems !== 'number' || a.maxItems < 1)).toEqual([]);
  });

  it('refuses maxItems + 1 invalid elements by naming the array only: its elements are never validated', async () => {
    const problems: string[] = [];
    let checked = 0;
    for (const route of routes) {
      const c = bodyCaseFor(route);
      if (!c?.body) continue;
      for (const array of arraysOf(route)) {
        const c0 = ctx();
        const path = await c.path(c0);
        const valid = c.body(c0);
        if (!Array.isArray(valid && valueAt(valid, array.path))) continue;
        if (typeof array.schema.maxItems !== 'number') {
          problems.push(`${route.key} ${fieldName(array.path)}: no maxItems`);
          continue;
        }
        // elements that element validation would refuse field by field
        const bad = array.schema.items?.type === 'string' ? 'not one of them' : { unknown_field: true };
        const body = withValueAt(valid, array.path, () => Array.from({ length: array.schema.maxItems + 1 }, () => bad));
        const res = await call(t, w.auth, route.method, path, { body });
        const name = fieldName(array.path);
        const where = `${route.key} ${name} x ${array.schema.maxItems + 1}`;
        problems.push(...boundedErrorProblems(res).map((p) => `${where}: ${p}`));
        const fields = (res.body.error?.details ?? []).map((d: { field: string }) => d.field);
        if (JSON.stringify(fields) !== JSON.stringify([name])) problems.push(`${where}: details name ${JSON.stringify(fields).slice(0, 300)}`);
        checked++;
      }
    }
    expect(problems).toEqual([]);
    expect(checked).toBeGreaterThanOrEqual(10);
  }, 60_000);

  const uuid = () => w.productId;
  const HUGE: { label: string; method: string; path: () => string; raw: () => string }[] = [
    { label: '349,492 empty items to a count', method: 'POST', path: () => '/stock/counts', raw: () => filled('{"items":[', '{}', 349_492) },
    {
      label: '61,675 items to a purchase order',
      method: 'POST',
      path: () => '/purchase-orders',
      raw: () => filled(`{"supplier_id":"${w.supplierId}","items":[`, '{"quantity":-1}', 61_675),
    },
    {
      label: '200,000 numbers as receipt items',
      method: 'POST',
      path: () => `/purchase-orders/${w.orderedPurchaseOrderId}/receipts`,
      raw: () => filled('{"items":[', '1', 200_000),
    },
    { label: '200,000 empty lists as order items', method: 'POST', path: () => '/orders', raw: () => filled('{"items":[', '[]', 200_000) },
    {
      label: '80,000 unknown keys',
      method: 'POST',
      path: () => '/orders',
      raw: () => `{${Array.from({ length: 80_000 }, (_, i) => `"k${i}":0`).join(',')}}`,
    },
    {
      label: '80,000 unknown keys in an order line',
      method: 'POST',
      path: () => '/orders',
      raw: () => `{"items":[{"product_id":"${uuid()}","quantity":1,${Array.from({ length: 80_000 }, (_, i) => `"k${i}":0`).join(',')}}]}`,
    },
    {
      label: '100 lines of 1,000 unknown keys each',
      method: 'POST',
      path: () => '/orders',
      raw: () => filled('{"items":[', `{${Array.from({ length: 1000 }, (_, i) => `"k${i}":0`).join(',')}}`, 100),
    },
    {
      label: 'a valid order with 300,000 items under an unknown key',
      method: 'POST',
      path: () => '/orders',
      raw: () => filled(`{"items":[{"product_id":"${uuid()}","quantity":1}],"junk":[`, '{}', 300_000),
    },
    {
      label: 'a valid order with 99 lists of 1,000 objects under unknown keys',
      method: 'POST',
      path: () => '/orders',
      raw: () => `{"items":[{"product_id":"${uuid()}","quantity":1}],${Array.from({ length: 99 }, (_, k) => filled(`"j${k}":[`, '{}', 1000, ']')).join(',')}}`,
    },
    {
      label: '200,000 numbers as webhook events',
      method: 'POST',
      path: () => '/webhooks',
      raw: () => filled(`{"url":"${w.hookUrl}/many","events":[`, '1', 200_000),
    },
    {
      label: 'a payroll run of 1,000 lines with every field wrong',
      method: 'POST',
      path: () => '/payroll/runs',
      raw: () => filled('{"period_start":"2026-10-01","period_end":"2026-10-31","items":[', '{"employee_name":5,"amount":-1,"x":1}', 1000),
    },
    { label: 'lists nested 10,000 deep', method: 'POST', path: () => '/orders', raw: () => `${'['.repeat(10_000)}${']'.repeat(10_000)}` },
    { label: 'objects nested 10,000 deep', method: 'POST', path: () => '/orders', raw: () => `${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}` },
    {
      label: 'order lines nested 10,000 deep',
      method: 'POST',
      path: () => '/orders',
      raw: () => `{"items":[${'{"items":['.repeat(10_000)}${']}'.repeat(10_000)}]}`,
    },
  ];

  it.each(HUGE.map((h) => [h.label, h] as const))(
    '%s: a small 400 while GET /health is served',
    async (_label, huge) => {
      const raw = huge.raw();
      expect(raw.length).toBeLessThanOrEqual(ONE_MB);
      const [res, health] = await Promise.all([call(t, w.auth, huge.method, huge.path(), { raw }), t.http().get('/health')]);
      expect(boundedErrorProblems(res)).toEqual([]);
      expect(health.status).toBe(200);
    },
    60_000,
  );
});
