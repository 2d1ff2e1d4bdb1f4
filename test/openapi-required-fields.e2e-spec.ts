import { refusingUrl } from './helpers/receiver';
import { buildWorld, call, documentedRoutes, DocumentedRoute, World, MAIL_QUEUED_ONLY } from './helpers/route-cases';
import { bodyCaseFor } from './helpers/route-cases-derived';
import { HostileContext } from './helpers/route-cases-hostile';
import { fieldName, valueAt } from './helpers/request-schemas';
import { bodyProperties, withoutField } from './helpers/required-fields';
import { createBusiness, startTestApp, TestApp } from './helpers/test-app';

/**
 * Issue 40 point 6 (docs/api.md, "The OpenAPI document"): a request field is `required` in the
 * document exactly when leaving it out is a 400 naming it. Derived from the live document and each
 * route's fixture: every property of every request body, left out of a valid body in turn.
 */
describe('OpenAPI: required request fields are the ones whose omission is a 400', () => {
  let t: TestApp;
  let w: World;
  let routes: DocumentedRoute[];
  let document: any;
  let n = 0;
  const ctx = (): HostileContext => ({ t, w, n: ++n });

  beforeAll(async () => {
    t = await startTestApp({ webhookAllowInsecure: true, webhookMaxAttempts: 1, webhookDispatchIntervalMs: 50, ...MAIL_QUEUED_ONLY });
    w = await buildWorld(t, await createBusiness(t, 'Required'), 'R', await refusingUrl());
    ({ routes, document } = await documentedRoutes(t));
  }, 60_000);
  afterAll(() => t.close());

  it('lists a field in `required` if and only if a valid body without it is a 400 naming it', async () => {
    const problems: string[] = [];
    const checked: string[] = [];
    const unsent: string[] = [];
    for (const route of routes) {
      const c = bodyCaseFor(route);
      if (!c?.body) continue;
      for (const field of bodyProperties(document, route.operation)) {
        const name = fieldName(field.path);
        const c0 = ctx();
        const path = await c.path(c0);
        const valid = c.body(c0);
        // a field the fixture leaves out is checked as well (its body without it is the valid body); one of an object it leaves out cannot be
        if (field.path.length > 1 && valueAt(valid, field.path.slice(0, -1)) === undefined) {
          unsent.push(`${route.key} ${name}`);
          continue;
        }
        const res = await call(t, w.auth, route.method, path, { body: withoutField(valid, field.path) });
        const named = res.status === 400 && (res.body.error?.details ?? []).some((d: { field: string }) => d.field === name);
        const where = `${route.key} without ${name} -> ${res.status}`;
        if (field.required && !named) problems.push(`${where}, but it is required: ${res.text.slice(0, 200)}`);
        if (!field.required && named) problems.push(`${where} naming it, but it is not required`);
        checked.push(`${route.key} ${name}`);
      }
    }
    // the fixtures fill every object of a body, so each omission is sent
    expect({ problems, unsent }).toEqual({ problems: [], unsent: [] });
    expect(checked).toEqual(expect.arrayContaining(['POST /stock/adjustments reason', 'PUT /invoices/{id} status', 'POST /orders items[0].product_id']));
  }, 600_000);
});
