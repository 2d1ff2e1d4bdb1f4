/**
 * "Missing" paths for the tenant isolation suite: the path of a route with another business's keys
 * replaced by keys that exist nowhere, built from the route's path-parameter schemas in the OpenAPI
 * document (GET /docs-json), whatever the key's type: a uuid, a whole number, a code or a name.
 */
import { randomUUID } from 'crypto';
import { DocumentedRoute } from './route-cases';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface ParamSchema {
  type?: string;
  format?: string;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  enum?: unknown[];
}

/** The path parameters of a route with their schemas, in the order of the path. */
export function pathParameters(route: DocumentedRoute): { name: string; schema: ParamSchema }[] {
  const documented = new Map<string, ParamSchema>(
    (route.operation.parameters ?? []).filter((p: any) => p.in === 'path').map((p: any) => [p.name, p.schema ?? {}]),
  );
  return [...route.path.matchAll(/\{([^}]+)\}/g)].map(([, name]) => ({ name, schema: documented.get(name) ?? {} }));
}

/** The values of a concrete path's parameters (`/orders/1/returns` of `/orders/{id}/returns`), or null if it is not one of the route. */
export function parameterValues(route: DocumentedRoute, concretePath: string): Record<string, string> | null {
  const names: string[] = [];
  const pattern = route.path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{([^}]+)\}/g, (_m, name: string) => {
    names.push(name);
    return '([^/?]+)';
  });
  const match = new RegExp(`^${pattern}$`).exec(concretePath.split('?')[0]);
  return match ? Object.fromEntries(names.map((name, i) => [name, decodeURIComponent(match[i + 1])])) : null;
}

/**
 * A value of the parameter's type that no row has: a fresh uuid for a uuid (by format, or by the
 * shape of `actual` when the document says only "string"), the schema's maximum (or 2e9) for a
 * number (within its range), and for any other string `actual` with its digits made 9s (or its letters Z when it has
 * no digits), so a code keeps its shape (`S-0501` -> `S-9999`). `taken` are values known to exist;
 * null when no value fits the schema.
 */
export function missingValue(schema: ParamSchema, actual: string, taken: (value: string) => boolean): string | null {
  const fits = (value: string) =>
    value !== actual &&
    !taken(value) &&
    (schema.pattern === undefined || new RegExp(schema.pattern).test(value)) &&
    (schema.minLength === undefined || value.length >= schema.minLength) &&
    (schema.maxLength === undefined || value.length <= schema.maxLength);
  if (schema.enum) return null; // a closed set of names is no key
  if (schema.type === 'integer' || schema.type === 'number') {
    const inRange = (n: number) => (schema.minimum === undefined || n >= schema.minimum) && (schema.maximum === undefined || n <= schema.maximum);
    const candidates = [schema.maximum, 2_000_000_000, 1_999_999_999].filter((n): n is number => n !== undefined && inRange(n));
    return candidates.map(String).find((value) => fits(value) && value !== String(Number(actual))) ?? null;
  }
  if (schema.format === 'uuid' || UUID.test(actual)) {
    const value = randomUUID();
    return fits(value) ? value : null;
  }
  const candidates = /\d/.test(actual)
    ? [actual.replace(/\d/g, '9'), actual.replace(/\d/g, '8')]
    : [actual.replace(/[A-Z]/g, 'Z').replace(/[a-z]/g, 'z'), actual.replace(/[A-Z]/g, 'Y').replace(/[a-z]/g, 'y'), `${actual}-missing`];
  return candidates.find(fits) ?? null;
}

export interface MissingPath {
  path: string;
  /** the parameters replaced, `name: from -> to` */
  replaced: string[];
  problems: string[];
}

/**
 * `concretePath` with every parameter `isOthers` owns replaced by a missing value of its schema (the
 * caller's own keys stay, so `/webhooks/{mine}/deliveries/{theirs}` becomes a missing delivery of
 * the caller's webhook). Problems when the path is not the route's, holds no key of the other
 * business, or would come out unchanged (a path compared with itself proves nothing).
 */
export function missingPath(
  route: DocumentedRoute,
  concretePath: string,
  isOthers: (value: string) => boolean,
  taken: (value: string) => boolean,
): MissingPath {
  const values = parameterValues(route, concretePath);
  if (!values) return { path: concretePath, replaced: [], problems: [`${concretePath} is not a path of ${route.path}`] };
  const [bare, query] = concretePath.split(/\?(.*)/s);
  const replaced: string[] = [];
  const problems: string[] = [];
  let path = route.path;
  for (const { name, schema } of pathParameters(route)) {
    let value = values[name];
    if (isOthers(value)) {
      const missing = missingValue(schema, value, taken);
      if (missing === null) problems.push(`no missing value for {${name}} (${JSON.stringify(schema)}) of ${value}`);
      else {
        replaced.push(`${name}: ${value} -> ${missing}`);
        value = missing;
      }
    }
    path = path.replace(`{${name}}`, encodeURIComponent(value));
  }
  if (replaced.length === 0 && problems.length === 0) problems.push(`no path parameter of ${bare} belongs to the other business`);
  if (query !== undefined) path = `${path}?${query}`;
  if (path === concretePath) problems.push(`the missing path is the path itself: ${path}`);
  return { path, replaced, problems };
}
