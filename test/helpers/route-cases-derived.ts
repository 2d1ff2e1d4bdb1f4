/**
 * The cases of every documented route, derived from the OpenAPI document and its resource's fixture
 * (route-fixtures.ts), and the guard that every documented route has a fixture: there are no hand
 * cases, a new route needs its resource's fixture. Each case makes its own instances (of A to be
 * refused, of B to write with), so no case sees what another did.
 */
import { call, DocumentedRoute } from './route-cases';
import { BodyRouteCase, HostileContext } from './route-cases-hostile';
import { IsolationCall, list, notFound, own } from './route-cases-isolation';
import { concretePath, Instance, Maker, QUERY_REFERENCES, REFERENCES, referencedRoute, RESOURCE_FIXTURES, resourceOf, ResourceFixture } from './route-fixtures';
import { pathParameters } from './missing-paths';
import { FieldPath, requestBodyFields, valueAt, withValueAt } from './request-schemas';
import { ErrorCode } from '../../src/common/errors/error-codes';
import { TestApp } from './test-app';

const WRITES = new Set(['POST', 'PUT', 'PATCH']);

export function fixtureFor(route: Pick<DocumentedRoute, 'path'>, fixtures = RESOURCE_FIXTURES): ResourceFixture | undefined {
  return fixtures[resourceOf(route)];
}

/** Routes with no fixture of their resource: each fails the suite. */
export function uncovered(routes: DocumentedRoute[], fixtures = RESOURCE_FIXTURES): string[] {
  return routes.filter((r) => !fixtureFor(r, fixtures)).map((r) => `${r.key}: no fixture for /${resourceOf(r)} in test/helpers/route-fixtures.ts`);
}

/** A Maker calling as `auth`; every answer is handed to `seen` (the isolation suite reads A's values from them). */
export function makerFor(t: TestApp, auth: { Authorization: string }, seen?: (where: string, body: unknown) => void): Maker {
  return async (method, path, body) => {
    const res = await call(t, auth, method, path, { body });
    if (res.status < 200 || res.status > 299) throw new Error(`fixture: ${method} ${path} -> ${res.status} ${res.text}`);
    seen?.(`${method} ${path}`, res.body);
    return res.body?.success === true ? res.body.data : res.body; // a bare answer (docs/api.md 2) is its own data
  };
}

/** The paths a GET route without path parameters is read at: its path, or with each query its fixture needs (GET /search's q). */
export function readPaths(route: Pick<DocumentedRoute, 'path'>): string[] {
  const queries = fixtureFor(route)?.queries;
  return queries ? queries.map((query) => `${route.path}?${query}`) : [route.path];
}

/** A list answers `{success, data: [...]}`; a bare array (the analytics of docs/api.md 2) is read like one object. */
const answersWithList = (route: DocumentedRoute) =>
  route.operation.responses?.['200']?.content?.['application/json']?.schema?.properties?.data?.type === 'array';

/** An instance of `resource` made only to be referenced (its detail route's instance). */
async function referenced(resource: string, made: Maker, n: number): Promise<Instance> {
  const fixture = RESOURCE_FIXTURES[resource];
  if (!fixture) throw new Error(`route-fixtures.ts: REFERENCES names ${resource}, which has no fixture`);
  return fixture.make(made, n, referencedRoute(resource));
}

/** The fields of the route's body that name another resource's row (REFERENCES), with the value B's body has there. */
function referenceFields(document: any, route: DocumentedRoute, body: Record<string, unknown> | undefined) {
  if (!body) return [];
  return requestBodyFields(document, route.operation)
    .filter((f) => f.schema.format === 'uuid' && typeof f.path[f.path.length - 1] === 'string' && REFERENCES[f.path[f.path.length - 1] as string])
    .filter((f) => typeof valueAt(body, f.path) === 'string')
    .map((f) => ({ path: f.path, name: f.path[f.path.length - 1] as string }));
}

/** The documented uuid query parameters of a route that name another resource's row. */
const referenceQueries = (route: DocumentedRoute): string[] =>
  (route.operation.parameters ?? []).filter((p: any) => p.in === 'query' && p.schema?.format === 'uuid' && referenceOf(route, p.name)).map((p: any) => p.name);

/** What a query parameter of the route names: the route's own meaning first (`/activity`'s `after` is an entry), else REFERENCES. */
function referenceOf(route: Pick<DocumentedRoute, 'path'>, name: string): (typeof REFERENCES)[string] | undefined {
  const last = route.path.split('/').pop() ?? '';
  return QUERY_REFERENCES[`${last} ${name}`] ?? REFERENCES[name];
}

const REFUSED_REFERENCE: ErrorCode[] = [
  'VALIDATION_FAILED',
  'NOT_FOUND',
  'UNKNOWN_PRODUCT',
  'UNKNOWN_CATEGORY',
  'UNKNOWN_WAREHOUSE',
  'UNKNOWN_SUPPLIER',
  'UNKNOWN_CUSTOMER',
  'UNKNOWN_SALE_ITEM',
  'UNKNOWN_TAX_RATE',
];

/** The documented enum query parameters of a route, each value as a query string (`status=cancelled`). */
const enumQueries = (route: DocumentedRoute): string[] =>
  (route.operation.parameters ?? [])
    // `format` picks the media type (`format=csv` of GET /activity answers a file): no filter of the list
    .filter((p: any) => p.in === 'query' && Array.isArray(p.schema?.enum) && p.name !== 'format')
    .flatMap((p: any) => p.schema.enum.map((v: string) => `${p.name}=${encodeURIComponent(v)}`));

/** A query parameter no route declares. */
export const UNKNOWN_QUERY_PARAMETER = 'unknown_parameter';

/** A query string a route must refuse with 400 VALIDATION_FAILED, and the parameter the refusal names. */
export interface RefusedQuery {
  label: string;
  /** encoded, without the `?` */
  query: string;
  field: string;
}

/**
 * The query strings every route refuses alike (docs/api.md 1): an unknown parameter, on a route that
 * declares some as on one that declares none, and each documented parameter given empty (an empty
 * filter never means "no filter").
 */
export function refusedQueries(route: Pick<DocumentedRoute, 'operation'>): RefusedQuery[] {
  const out: RefusedQuery[] = [{ label: 'an unknown query parameter', query: `${UNKNOWN_QUERY_PARAMETER}=1`, field: UNKNOWN_QUERY_PARAMETER }];
  for (const p of (route.operation.parameters ?? []).filter((q: any) => q.in === 'query')) {
    out.push({ label: `${p.name} empty`, query: `${encodeURIComponent(p.name)}=`, field: p.name });
  }
  return out;
}

/** `body` with A's id at `path` in the last element only of the array it passes through, when that array has others (B's). */
function besideOwn(body: unknown, path: FieldPath, id: string): unknown {
  const at = path.findIndex((p) => typeof p === 'number');
  if (at < 0) return undefined;
  const array = valueAt(body, path.slice(0, at));
  if (!Array.isArray(array) || array.length < 2 || typeof valueAt(array[array.length - 1], path.slice(at + 1)) !== 'string') return undefined;
  return withValueAt(body, path.slice(0, at), (old) =>
    (old as unknown[]).map((el, i) => (i === array.length - 1 ? withValueAt(el, path.slice(at + 1), () => id) : el)),
  );
}

/**
 * B's calls of a route: on an instance of A made for this case alone (404, like a key that exists
 * nowhere), also in its other states, and with each path parameter of B's own instance replaced by
 * A's; a create beside an instance of A (B may reuse A's unique values); a read without parameters
 * lists or reads B's own (a report made in both: its figures for B), also filtered on A's rows and
 * on every value of its enum parameters; and for every body field that names another resource's row,
 * B's valid request with A's row there instead, and beside B's own rows in an array: refused.
 */
export async function derivedIsolationCalls(
  route: DocumentedRoute,
  fixture: ResourceFixture,
  a: Maker,
  b: Maker,
  n: () => number,
  document: any = { components: {} },
): Promise<IsolationCall[]> {
  const resource = resourceOf(route);
  const calls: IsolationCall[] = [];
  const params = pathParameters(route).map((p) => p.name);
  const check = fixture.check?.(route);
  if (params.length > 0) {
    const theirs = await fixture.make(a, n(), route);
    const body = (instance: Instance) => (WRITES.has(route.method) ? (instance.body ?? {}) : undefined);
    calls.push(notFound(`A's ${resource}`, concretePath(route, theirs), body(theirs)));
    for (const [state, other] of Object.entries(theirs.others ?? {})) calls.push(notFound(`A's ${state} ${resource}`, concretePath(route, other), body(other)));
    if (params.length > 1) {
      const mine = await fixture.make(b, n(), route);
      for (const name of params) {
        calls.push(notFound(`A's ${name} in B's path`, concretePath(route, { params: { ...mine.params, [name]: theirs.params[name] } }), body(mine)));
      }
    }
  } else if (route.method === 'GET') {
    const listed = answersWithList(route);
    let theirs: Instance | undefined;
    if (check) {
      theirs = await fixture.make(a, n(), route);
      await fixture.make(b, n(), route);
    }
    const [read] = readPaths(route);
    if (check) calls.push(own(`B reads its ${resource}`, read, 200, undefined, (body, f) => check(body, f, theirs)));
    else calls.push(listed ? list(`B lists its ${resource}`, read) : own(`B reads its ${resource}`, read, 200));
    for (const name of referenceQueries(route)) {
      const reference = referenceOf(route, name)!;
      const mine = await referenced(reference.resource, a, n());
      const label = `filtered on A's ${reference.resource}`;
      const path = `${route.path}?${name}=${mine.ids![reference.id]}`;
      if (reference.cursor)
        calls.push({ label: `${name} A's ${reference.resource}`, path, expect: { kind: 'refused', codes: ['VALIDATION_FAILED', 'NOT_FOUND'] } });
      else calls.push(listed ? list(label, path) : own(label, path, 200)); // an export answers with CSV
    }
    for (const query of enumQueries(route)) calls.push(listed ? list(query, `${route.path}?${query}`) : own(query, `${route.path}?${query}`, 200));
  } else {
    const theirs = await fixture.make(a, n(), referencedRoute(resource)).catch(() => undefined);
    const mine = await fixture.make(b, n(), route, theirs);
    calls.push(own(`B writes ${resource} beside A's`, route.path, documentedSuccess(route), mine.body, check && ((body, f) => check(body, f, theirs))));
  }
  if (WRITES.has(route.method)) {
    const mine = await fixture.make(b, n(), route);
    for (const field of referenceFields(document, route, mine.body)) {
      const { resource: other, id } = REFERENCES[field.name];
      const theirs = await referenced(other, a, n());
      const refused = (label: string, body: unknown): IsolationCall => ({
        label,
        path: concretePath(route, mine),
        body,
        expect: { kind: 'refused', codes: REFUSED_REFERENCE },
      });
      calls.push(
        refused(
          `A's ${other} as ${field.name}`,
          withValueAt(mine.body, field.path, () => theirs.ids![id]),
        ),
      );
      const beside = besideOwn(mine.body, field.path, theirs.ids![id]);
      if (beside) calls.push(refused(`A's ${other} as ${field.name} beside B's`, beside));
    }
  }
  return calls;
}

/** The isolation calls of every route, from its fixture; they make their instances now. */
export async function isolationCalls(
  routes: DocumentedRoute[],
  makers: { a: Maker; b: Maker },
  n: () => number,
  document: any,
): Promise<Map<string, IsolationCall[]>> {
  const out = new Map<string, IsolationCall[]>();
  for (const route of routes) {
    const fixture = fixtureFor(route);
    if (fixture) out.set(route.key, await derivedIsolationCalls(route, fixture, makers.a, makers.b, n, document));
  }
  return out;
}

/** The owner's own paths of a GET route: a fresh instance of its own (or the bare path), filtered on its own rows and on each enum value. */
export async function derivedOwnPaths(route: DocumentedRoute, owner: Maker, n: () => number): Promise<string[]> {
  const fixture = fixtureFor(route);
  if (!fixture) return [];
  if (pathParameters(route).length > 0) return [concretePath(route, await fixture.make(owner, n(), route))];
  const paths = readPaths(route);
  for (const name of referenceQueries(route)) {
    const reference = referenceOf(route, name)!;
    const mine = await referenced(reference.resource, owner, n());
    paths.push(`${route.path}?${name}=${mine.ids![reference.id]}`);
  }
  for (const query of enumQueries(route)) paths.push(`${route.path}?${query}`);
  return paths;
}

/**
 * The hostile-input case of a write route, from its fixture with a fresh instance per request.
 * `path(ctx)` makes it, `body(ctx)` is its body: path first.
 */
export function bodyCaseFor(route: DocumentedRoute): BodyRouteCase | undefined {
  const fixture = fixtureFor(route);
  if (!fixture) return undefined;
  const made = new WeakMap<HostileContext, Instance>();
  const options = fixture.hostile?.(route) ?? {};
  const takesBody = route.operation.requestBody !== undefined;
  return {
    path: async (ctx) => {
      const instance = await fixture.make(makerFor(ctx.t, ctx.w.auth), ctx.n, route);
      made.set(ctx, instance);
      return concretePath(route, instance);
    },
    body: takesBody
      ? (ctx) => {
          const instance = made.get(ctx);
          if (!instance) throw new Error(`${route.key}: body(ctx) before path(ctx)`);
          return instance.body ?? {};
        }
      : undefined,
    ...options,
    readBack: options.readBack ? (ctx, _field, response) => options.readBack!(makerFor(ctx.t, ctx.w.auth), made.get(ctx)!, response) : undefined,
  };
}

/** The route's documented success status: 201 for a create, 200 for a POST that computes (a quote) or a PUT. */
function documentedSuccess(route: DocumentedRoute): number {
  const documented = Object.keys(route.operation?.responses ?? {}).find((status) => /^2\d\d$/.test(status));
  return documented ? Number(documented) : route.method === 'POST' ? 201 : 200;
}
