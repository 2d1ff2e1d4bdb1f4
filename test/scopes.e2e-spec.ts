import { randomUUID } from 'crypto';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { ModulesContainer } from '@nestjs/core';
import { IS_PUBLIC } from '../src/common/auth/public.decorator';
import { SCOPE_REQUIREMENT } from '../src/common/auth/requires-scope.decorator';
import { Scope, SCOPES } from '../src/common/auth/scopes';
import { createApiKey } from '../src/modules/businesses/business-provisioning';
import { refusingUrl } from './helpers/receiver';
import { buildWorld, call, DocumentedRoute, documentedRoutes, errorBodyProblems, settle, World } from './helpers/route-cases';
import { bodyCaseFor } from './helpers/route-cases-derived';
import { documentedScopesTable, scopesTable, writeScopesTable } from './helpers/scopes-table';
import { snapshotBusiness, snapshotDiff } from './helpers/snapshot';
import { createBusiness, startTestApp, TestApp } from './helpers/test-app';

/**
 * Issue 35, docs/api.md 18. The table is the live OpenAPI document: every documented route's
 * `x-scope` and `x-accepted-scopes` (written by @RequiresScope), so a new route is covered without
 * an edit here and a route without a declaration fails. For each scope, a key holding only it gets
 * the routes the document grants it (not 403) and 403 FORBIDDEN_SCOPE naming the route's scope on
 * every other route, even with a valid body and an Idempotency-Key, and those refusals write nothing
 * (the business's tables before and after). An admin key gets every route.
 */
describe('restricted keys: every documented route against every scope', () => {
  let t: TestApp;
  let w: World;
  let routes: DocumentedRoute[];
  const keys = new Map<Scope, { Authorization: string }>();

  beforeAll(async () => {
    t = await startTestApp({ webhookAllowInsecure: true, webhookMaxAttempts: 1, webhookDispatchIntervalMs: 50 });
    w = await buildWorld(t, await createBusiness(t, 'Scoped'), 'S', await refusingUrl());
    routes = (await documentedRoutes(t)).routes;
    for (const scope of SCOPES) {
      const key = await t.db.transaction((m) => createApiKey(m, w.businessId, { name: `only ${scope}`, scopes: [scope] }));
      keys.set(scope, { Authorization: `Bearer ${key.api_key}` });
    }
  }, 60_000);
  afterAll(() => t.close());

  const acceptedBy = (route: DocumentedRoute): string[] => route.operation['x-accepted-scopes'] ?? [];
  const grants = (route: DocumentedRoute, scope: Scope) => route.operation['x-scope'] === 'any' || acceptedBy(route).includes(scope);
  /** The route's path with random ids: a refusal reads nothing, so it comes before any 404. */
  const anyPath = (route: DocumentedRoute) => route.path.replace(/\{[^}]+\}/g, () => randomUUID());
  const writes = (route: DocumentedRoute) => ['POST', 'PUT', 'PATCH'].includes(route.method);

  it('every documented route declares its scope: x-scope, x-accepted-scopes, the description and the 403', () => {
    expect(routes.length).toBeGreaterThan(80);
    const problems = routes.flatMap((route) => {
      const scope = route.operation['x-scope'];
      const found: string[] = [];
      if (typeof scope !== 'string') return [`${route.key}: no x-scope (add @RequiresScope beside its @Endpoint)`];
      if (scope !== 'any' && !SCOPES.includes(scope as Scope)) found.push(`x-scope ${scope} is no scope`);
      if (!acceptedBy(route).includes('admin')) found.push('admin does not get it');
      if (scope !== 'any' && acceptedBy(route)[0] !== scope) found.push('x-accepted-scopes does not start with x-scope');
      if (!String(route.operation.description ?? '').startsWith('**Scope:**')) found.push('the description does not name the scope');
      const forbidden = JSON.stringify(route.operation.responses['403'] ?? {});
      if (scope !== 'any' && !forbidden.includes('FORBIDDEN_SCOPE')) found.push('403 FORBIDDEN_SCOPE is not documented');
      // (its 403 may only be a session's refusals, docs/api.md 19: CSRF_FAILED, TWO_FACTOR_SETUP_REQUIRED)
      if (scope === 'any' && forbidden.includes('FORBIDDEN_SCOPE')) found.push('open to every key, yet documents 403 FORBIDDEN_SCOPE');
      return found.map((p) => `${route.key}: ${p}`);
    });
    expect(problems).toEqual([]);
    // how the console signs in: the one route open to every key, declared so; and the tax rates every key may read (docs/api.md 22)
    expect(routes.filter((r) => r.operation['x-scope'] === 'any').map((r) => r.key)).toEqual(['GET /business', 'GET /tax-rates', 'GET /tax-rates/{id}']);
  });

  it('every route of the Nest router is public or declares its scope (routes left out of the document too)', () => {
    const undeclared: string[] = [];
    for (const module of t.app.get(ModulesContainer).values()) {
      for (const wrapper of module.controllers.values()) {
        const controller = wrapper.metatype as { prototype: Record<string, unknown>; name: string } | null;
        if (!controller) continue;
        for (const name of Object.getOwnPropertyNames(controller.prototype)) {
          const handler = controller.prototype[name];
          if (typeof handler !== 'function' || Reflect.getMetadata(METHOD_METADATA, handler) === undefined) continue;
          const declared = [handler, controller].some((target) => Reflect.getMetadata(IS_PUBLIC, target) || Reflect.getMetadata(SCOPE_REQUIREMENT, target));
          if (!declared) undeclared.push(`${controller.name}.${name} (${String(Reflect.getMetadata(PATH_METADATA, handler))})`);
        }
      }
    }
    expect(undeclared).toEqual([]);
  });

  it('the scopes of docs/api.md 18 reach the routes they name', () => {
    const keysOf = (scope: Scope) => routes.filter((r) => grants(r, scope) && r.operation['x-scope'] !== 'any').map((r) => r.key);
    expect(keysOf('sales')).toEqual(
      expect.arrayContaining(['POST /orders', 'GET /products', 'GET /products/{id}', 'GET /customers', 'GET /customers/{id}', 'GET /warehouses']),
    );
    expect(keysOf('sales')).not.toContain('GET /orders');
    expect(keysOf('products:write')).toEqual(expect.arrayContaining(['GET /products', 'POST /products', 'DELETE /categories/{id}']));
    expect(keysOf('orders:write')).toEqual(expect.arrayContaining(['GET /orders', 'POST /orders/{id}/cancel', 'POST /orders/{id}/returns']));
    expect(keysOf('orders:write')).not.toContain('POST /orders');
    expect(keysOf('admin')).toEqual(expect.arrayContaining(['GET /api-keys', 'POST /api-keys', 'DELETE /api-keys/{id}']));
    for (const scope of SCOPES.filter((s) => s !== 'admin')) expect(keysOf(scope)).not.toContain('GET /api-keys');
    for (const scope of SCOPES) expect(keysOf(scope).length).toBeGreaterThan(0);
  });

  it("docs/api.md's table of scopes is the document's", () => {
    const table = scopesTable(routes);
    if (process.env.SCOPES_TABLE_WRITE === '1') writeScopesTable(table);
    expect(documentedScopesTable()).toBe(table);
  });

  it('a key with one scope gets its routes and 403 FORBIDDEN_SCOPE on every other, writing nothing', async () => {
    // the refused requests carry what would succeed for an admin key: a valid body on a real instance
    const valid = new Map<string, { path: string; body?: unknown }>();
    let n = 0;
    for (const route of routes.filter(writes)) {
      const c = bodyCaseFor(route);
      const ctx = { t, w, n: ++n }; // one context: a derived case's body is that of the instance its path made
      if (c) valid.set(route.key, { path: await c.path(ctx), body: c.body?.(ctx) });
    }
    await settle(t, w.businessId);
    const problems: string[] = [];
    for (const scope of SCOPES) {
      const auth = keys.get(scope)!;
      const refused = routes.filter((r) => !grants(r, scope));
      const before = await snapshotBusiness(t.db, w.businessId);
      for (const route of refused) {
        const request = valid.get(route.key) ?? { path: anyPath(route), body: writes(route) ? {} : undefined };
        const res = await call(t, auth, route.method, request.path, { body: request.body, headers: { 'Idempotency-Key': `refused-${scope}-${route.key}` } });
        const expected = { required: route.operation['x-scope'] };
        if (res.status !== 403 || res.body?.error?.code !== 'FORBIDDEN_SCOPE' || JSON.stringify(res.body.error.details) !== JSON.stringify([expected]))
          problems.push(`${scope} on ${route.key} -> ${res.status} ${res.text.slice(0, 160)}`);
        else problems.push(...errorBodyProblems(res).map((p) => `${scope} on ${route.key}: ${p}`));
      }
      await settle(t, w.businessId);
      const written = snapshotDiff(before, await snapshotBusiness(t.db, w.businessId));
      if (Object.keys(written).length > 0) problems.push(`${scope}: refused requests wrote ${Object.keys(written).join(', ')}`);
      for (const route of routes.filter((r) => grants(r, scope))) {
        const res = await call(t, auth, route.method, anyPath(route), { body: writes(route) ? {} : undefined });
        if (res.status === 403 || res.status === 401) problems.push(`${scope} is refused its own ${route.key}: ${res.status} ${res.text.slice(0, 160)}`);
      }
    }
    expect(problems).toEqual([]);
    expect(routes.filter((r) => !grants(r, 'sales')).length).toBeGreaterThan(50);
  }, 180_000);

  it('an admin key, and a key of several scopes, get each of their routes', async () => {
    const several = await t.db.transaction((m) => createApiKey(m, w.businessId, { name: 'clerk', scopes: ['sales', 'customers'] }));
    const problems: string[] = [];
    for (const route of routes) {
      const admin = await call(t, w.auth, route.method, anyPath(route), { body: writes(route) ? {} : undefined });
      if (admin.status === 403 || admin.status === 401) problems.push(`admin on ${route.key} -> ${admin.status}`);
      const res = await call(t, { Authorization: `Bearer ${several.api_key}` }, route.method, anyPath(route), { body: writes(route) ? {} : undefined });
      const granted = grants(route, 'sales') || grants(route, 'customers');
      if ((res.status === 403) === granted) problems.push(`sales+customers on ${route.key} -> ${res.status}`);
    }
    expect(problems).toEqual([]);
  }, 60_000);
});
