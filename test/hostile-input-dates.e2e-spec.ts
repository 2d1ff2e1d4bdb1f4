import { refusingUrl } from './helpers/receiver';
import { buildWorld, call, CallResult, documentedRoutes, DocumentedRoute, World, MAIL_QUEUED_ONLY } from './helpers/route-cases';
import { bodyCaseFor, derivedOwnPaths, makerFor } from './helpers/route-cases-derived';
import { HostileContext } from './helpers/route-cases-hostile';
import { fieldName, requestBodyFields, valueAt, withValueAt } from './helpers/request-schemas';
import { createBusiness, startTestApp, TestApp } from './helpers/test-app';

const DATE_FORMATS = new Set(['date', 'date-time']);
/** Out of range for a date or a timestamp (PostgreSQL has no year 0), then the first and the last day a client may send. */
const OUT_OF_RANGE: Record<string, string[]> = {
  date: ['0000-01-01', '10000-01-01'],
  'date-time': ['0000-01-01T00:00:00.000Z', '+010000-01-01T00:00:00.000Z'],
};
const EDGES: Record<string, string[]> = { date: ['0001-01-01', '9999-12-31'], 'date-time': ['0001-01-01T00:00:00.000Z', '9999-12-31T23:59:59.999Z'] };

const namesField = (res: CallResult, name: string) =>
  res.status === 400 && res.body.error?.code === 'VALIDATION_FAILED' && (res.body.error.details ?? []).some((d: { field: string }) => d.field === name);

/**
 * Issue 40 point 9 (docs/api.md 1): dates are 0001-01-01 to 9999-12-31. Year 0000 passed validation
 * and reached PostgreSQL, whose out-of-range error named no field. Derived from the live document:
 * every body field and query parameter of format date or date-time of every route.
 */
describe('hostile input: dates out of range', () => {
  let t: TestApp;
  let w: World;
  let routes: DocumentedRoute[];
  let document: any;
  let n = 0;
  const ctx = (): HostileContext => ({ t, w, n: ++n });

  beforeAll(async () => {
    t = await startTestApp({ webhookAllowInsecure: true, webhookMaxAttempts: 1, webhookDispatchIntervalMs: 50, ...MAIL_QUEUED_ONLY });
    w = await buildWorld(t, await createBusiness(t, 'Dates'), 'D', await refusingUrl());
    ({ routes, document } = await documentedRoutes(t));
  }, 60_000);
  afterAll(() => t.close());

  it('refuses a body date out of range naming the field, and takes the first and the last day', async () => {
    const problems: string[] = [];
    const checked: string[] = [];
    for (const route of routes) {
      const c = bodyCaseFor(route);
      if (!c?.body) continue;
      const dates = requestBodyFields(document, route.operation).filter((f) => DATE_FORMATS.has(f.schema.format));
      for (const field of dates) {
        const name = fieldName(field.path);
        // an edge goes into every date of the body, so that a rule between two of them (an end not before its start) holds
        const send = async (value: string, everyDate = false) => {
          const c0 = ctx();
          const path = await c.path(c0);
          let body = c.body!(c0);
          for (const f of everyDate ? dates : [field]) {
            // a date the fixture leaves out is sent at the top level of the body only
            body = valueAt(body, f.path) === undefined && f.path.length === 1 ? { ...body, [f.path[0]]: value } : withValueAt(body, f.path, () => value);
          }
          return call(t, w.auth, route.method, path, { body });
        };
        for (const value of OUT_OF_RANGE[field.schema.format]) {
          const res = await send(value);
          if (!namesField(res, name)) problems.push(`${route.key} ${name}=${value} -> ${res.status} ${res.text.slice(0, 200)}`);
        }
        for (const value of EDGES[field.schema.format]) {
          const res = await send(value, true);
          if (res.status >= 500 || namesField(res, name)) problems.push(`${route.key} ${name}=${value} refused: ${res.status} ${res.text.slice(0, 200)}`);
        }
        checked.push(`${route.key} ${name}`);
      }
    }
    expect(problems).toEqual([]);
    expect(checked).toEqual(expect.arrayContaining(['PUT /invoices/{id} paid_date', 'POST /payroll/runs period_start', 'POST /expenses date']));
  }, 300_000);

  it('refuses a query date out of range naming the parameter, and takes the first and the last day', async () => {
    const problems: string[] = [];
    const checked: string[] = [];
    for (const route of routes.filter((r) => r.method === 'GET')) {
      const dates = (route.operation.parameters ?? []).filter((p: any) => p.in === 'query' && DATE_FORMATS.has(p.schema?.format));
      if (dates.length === 0) continue;
      const [path] = await derivedOwnPaths(route, makerFor(t, w.auth), () => ++n);
      if (!path) throw new Error(`${route.key}: no path`);
      for (const p of dates) {
        const send = (value: string) => call(t, w.auth, 'GET', `${path}${path.includes('?') ? '&' : '?'}${p.name}=${encodeURIComponent(value)}`);
        for (const value of OUT_OF_RANGE[p.schema.format]) {
          const res = await send(value);
          if (!namesField(res, p.name)) problems.push(`${route.key} ?${p.name}=${value} -> ${res.status} ${res.text.slice(0, 200)}`);
        }
        for (const value of EDGES[p.schema.format]) {
          const res = await send(value);
          if (res.status !== 200) problems.push(`${route.key} ?${p.name}=${value} -> ${res.status} ${res.text.slice(0, 200)}`);
        }
        checked.push(`${route.key} ${p.name}`);
      }
    }
    expect(problems).toEqual([]);
    expect(checked.length).toBeGreaterThanOrEqual(10);
  }, 300_000);
});
