/**
 * The cases of a route, hand-written (route-cases-isolation.ts, route-cases-hostile.ts) or derived
 * from the OpenAPI document and its resource's fixture (route-fixtures.ts), and the guard that every
 * documented route has one or the other. Derived cases make a fresh instance per case (and per
 * accepted hostile request), so their state is their own.
 */
import { call, DocumentedRoute, World } from './route-cases';
import { BODY_CASES, BodyRouteCase } from './route-cases-hostile';
import { ISOLATION_CASES, IsolationCall, list, notFound, own } from './route-cases-isolation';
import { concretePath, Maker, RESOURCE_FIXTURES, resourceOf, ResourceFixture } from './route-fixtures';
import { pathParameters } from './missing-paths';
import { TestApp } from './test-app';

const WRITES = new Set(['POST', 'PUT', 'PATCH']);

export function fixtureFor(route: DocumentedRoute, fixtures = RESOURCE_FIXTURES): ResourceFixture | undefined {
  return fixtures[resourceOf(route)];
}

/** Routes with neither a hand case in `hand` nor a fixture of their resource: each fails the suite. */
export function uncovered(routes: DocumentedRoute[], hand: Record<string, unknown>, fixtures = RESOURCE_FIXTURES): string[] {
  return routes
    .filter((r) => !hand[r.key] && !fixtureFor(r, fixtures))
    .map((r) => `${r.key}: no hand case and no fixture for /${resourceOf(r)} in test/helpers/route-fixtures.ts`);
}

/** A Maker calling as `auth`; every answer is handed to `seen` (the isolation suite reads A's values from them). */
export function makerFor(t: TestApp, auth: { Authorization: string }, seen?: (where: string, body: unknown) => void): Maker {
  return async (method, path, body) => {
    const res = await call(t, auth, method, path, { body });
    if (res.status < 200 || res.status > 299) throw new Error(`fixture: ${method} ${path} -> ${res.status} ${res.text}`);
    seen?.(`${method} ${path}`, res.body);
    return res.body.data;
  };
}

const answersWithList = (route: DocumentedRoute) => JSON.stringify(route.operation.responses?.['200'] ?? {}).includes('"type":"array"');

/**
 * B's calls of a route without a hand case: a route with path parameters on an instance of A made
 * for this case alone (404, like a key that exists nowhere); a create beside an instance of A made
 * for it (B may use A's key: A's instance is no other case's); a read without parameters lists or
 * reads B's own.
 */
export async function derivedIsolationCalls(route: DocumentedRoute, fixture: ResourceFixture, a: Maker, n: () => number): Promise<IsolationCall[]> {
  const resource = resourceOf(route);
  const hasBody = WRITES.has(route.method);
  if (pathParameters(route).length > 0) {
    const theirs = await fixture.make(a, n());
    return [notFound(`A's ${resource}`, concretePath(route, theirs), hasBody ? (fixture.body?.(n(), route.method) ?? {}) : undefined)];
  }
  if (route.method === 'GET') return [answersWithList(route) ? list(`B lists its ${resource}`, route.path) : own(`B reads its ${resource}`, route.path, 200)];
  const theirs = await fixture.make(a, n());
  return [own(`B writes ${resource} beside A's`, route.path, route.method === 'POST' ? 201 : 200, fixture.body?.(n(), route.method, theirs))];
}

/** The isolation calls of every route, hand or derived; derived ones make their instances of A now. */
export async function isolationCalls(routes: DocumentedRoute[], a: World, b: World, aMaker: Maker, n: () => number): Promise<Map<string, IsolationCall[]>> {
  const out = new Map<string, IsolationCall[]>();
  for (const route of routes) {
    const hand = ISOLATION_CASES[route.key];
    const fixture = fixtureFor(route);
    if (hand) out.set(route.key, hand(a, b));
    else if (fixture) out.set(route.key, await derivedIsolationCalls(route, fixture, aMaker, n));
  }
  return out;
}

/** The owner's own paths of a GET route without a hand case: a fresh instance of its own, or the bare path. */
export async function derivedOwnPaths(route: DocumentedRoute, owner: Maker, n: () => number): Promise<string[]> {
  const fixture = fixtureFor(route);
  if (!fixture) return [];
  return [pathParameters(route).length > 0 ? concretePath(route, await fixture.make(owner, n())) : route.path];
}

/** The hostile-input case of a write route: hand-written, or from its fixture with a fresh target per request. */
export function bodyCaseFor(route: DocumentedRoute): BodyRouteCase | undefined {
  if (BODY_CASES[route.key]) return BODY_CASES[route.key];
  const fixture = fixtureFor(route);
  if (!fixture) return undefined;
  const withParams = pathParameters(route).length > 0;
  return {
    path: async ({ t, w, n }) => (withParams ? concretePath(route, await fixture.make(makerFor(t, w.auth), n)) : route.path),
    body: fixture.body ? ({ n }) => fixture.body!(n, route.method) : undefined,
    texts: fixture.body ? fixture.texts : undefined,
    emptyArrays: fixture.emptyArrays,
  };
}
