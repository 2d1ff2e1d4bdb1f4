/**
 * One fixture builder per resource, keyed by the first segment of the route's path (`/things/{code}`
 * is `things`). A documented route with no hand entry in route-cases-isolation.ts or
 * route-cases-hostile.ts gets its isolation and hostile-input cases from its resource's fixture and
 * the OpenAPI document (route-cases-derived.ts): its path parameters (any key type: the fixture
 * returns their values by name) and its method. Every case makes its own instance, so no case sees
 * what another case did (one letting business B take A's code cannot turn a later "B cannot read
 * A's thing" into a 200).
 */
import { DocumentedRoute } from './route-cases';

/** Calls the API as one business and gives back `data` of a 2xx answer; throws on any other status. */
export type Maker = (method: string, path: string, body?: unknown) => Promise<any>;

export interface Instance {
  /** the values of the route's path parameters, by name (`{ code: 'T-7' }`) */
  params: Record<string, string>;
}

export interface ResourceFixture {
  /** makes a fresh instance in the business `made` calls as; `n` is unique to the call */
  make(made: Maker, n: number): Promise<Instance>;
  /** a valid body for a POST or PUT of the resource; `theirs` is another business's instance (B reusing A's key) */
  body?(n: number, method: string, theirs?: Instance): Record<string, unknown>;
  /** free-text fields of that body (dotted paths): stored and given back as sent */
  texts?: string[];
  /** arrays of that body that may be sent empty (`tags: []`) */
  emptyArrays?: string[];
}

/** A new resource adds its fixture here; the older ones have hand cases. */
export const RESOURCE_FIXTURES: Record<string, ResourceFixture> = {
  // CONTRACT.md 18: a restricted key of the business (revoking it never touches the caller's admin key)
  'api-keys': {
    make: async (made, n) => ({ params: { id: (await made('POST', '/api-keys', { name: `Till ${n}`, scopes: ['sales'] })).id } }),
    body: (n) => ({ name: `Till ${n}`, scopes: ['sales', 'orders:read'] }),
    texts: ['name'],
  },
};

export function resourceOf(route: Pick<DocumentedRoute, 'path'>): string {
  return route.path.split('/')[1] ?? '';
}

/** The route's path with the instance's parameters, each encoded. */
export function concretePath(route: Pick<DocumentedRoute, 'path' | 'key'>, instance: Instance): string {
  return route.path.replace(/\{([^}]+)\}/g, (_m, name: string) => {
    if (instance.params[name] === undefined) throw new Error(`${route.key}: the fixture gives no ${name}`);
    return encodeURIComponent(instance.params[name]);
  });
}
