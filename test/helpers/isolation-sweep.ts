/**
 * A business's own view of the API: every documented GET route, list and detail, called with the
 * business's key on its own resources, every page of it: on a fresh instance of the owner's made by
 * the route's fixture (route-fixtures.ts), and of a route without path parameters the bare path,
 * filtered on the owner's rows and on every value of its enum parameters. A new GET route is swept
 * as soon as its resource has a fixture (the suites refuse a documented route without one).
 */
import { derivedOwnPaths, makerFor, readPaths } from './route-cases-derived';
import { call, CallResult, DocumentedRoute, World } from './route-cases';
import { TestApp } from './test-app';

export interface OwnAnswer {
  /** `GET /products/{id} /products/…` */
  where: string;
  res: CallResult;
}

/** The documented query parameters of a route, by name, with their schemas. */
function queryParameters(route: DocumentedRoute): Map<string, { maximum?: number }> {
  return new Map((route.operation.parameters ?? []).filter((p: any) => p.in === 'query').map((p: any) => [p.name, p.schema ?? {}]));
}

/** `path` with the page size at its documented maximum (per_page, limit), unless the path sets it. */
function widest(route: DocumentedRoute, path: string): string {
  const url = new URL(path, 'http://x');
  for (const [name, schema] of queryParameters(route)) {
    if ((name === 'per_page' || name === 'limit') && schema.maximum !== undefined && !url.searchParams.has(name))
      url.searchParams.set(name, String(schema.maximum));
  }
  return `${url.pathname}${url.search}`;
}

/** The next page of a list (meta.total_pages) or of a feed read with `after` (a full page), else null. */
function nextPage(route: DocumentedRoute, path: string, res: CallResult): string | null {
  const url = new URL(path, 'http://x');
  const meta = res.body?.meta;
  const data = res.body?.data;
  if (meta && typeof meta.page === 'number' && meta.page < meta.total_pages) url.searchParams.set('page', String(meta.page + 1));
  else if (queryParameters(route).has('after') && Array.isArray(data) && data.length > 0 && data.length === Number(url.searchParams.get('limit'))) {
    url.searchParams.set('after', data[data.length - 1].id);
  } else return null;
  return `${url.pathname}${url.search}`;
}

/** Numbers for the instances the sweep makes (route-fixtures.ts). */
let made = 0;

/** The concrete paths of the owner's view of one GET route: on a fresh instance of the owner's, filtered on its rows and enum values. */
export async function ownPaths(t: TestApp, route: DocumentedRoute, owner: Pick<World, 'auth'>): Promise<string[]> {
  const paths = await derivedOwnPaths(route, makerFor(t, owner.auth), () => 800_000 + ++made);
  if (!route.path.includes('{')) paths.push(...readPaths(route));
  return [...new Set(paths.map((p) => widest(route, p)))];
}

/** Every page of every path of the owner's view of every GET route, with the key `auth`. */
export async function ownAnswers(t: TestApp, routes: DocumentedRoute[], owner: Pick<World, 'auth'>, auth = owner.auth): Promise<OwnAnswer[]> {
  const answers: OwnAnswer[] = [];
  for (const route of routes.filter((r) => r.method === 'GET')) {
    for (const first of await ownPaths(t, route, owner)) {
      for (let path: string | null = first, pages = 0; path !== null && pages < 50; pages++) {
        const res = await call(t, auth, 'GET', path);
        answers.push({ where: `${route.key} ${path}`, res });
        path = res.status === 200 ? nextPage(route, path, res) : null;
      }
    }
  }
  return answers;
}
