import { Type } from '@nestjs/common';
import { ROUTE_ARGS_METADATA } from '@nestjs/common/constants';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum';

export const NOT_ALLOWED = 'is not an allowed field';
export const EMPTY_PARAMETER = 'must not be empty: leave the parameter out for no filter';

type ParameterProblem = { field: string; message: string };

/**
 * What a route handler declares of its query string: a DTO class (`@Query() q: ListThingsQuery`),
 * which the validation pipe checks, or the names it reads one by one (`@Query('name')`): none for
 * most routes. A whole-query parameter without a class (`@Query() q: any`) declares nothing, so a
 * route cannot take parameters that nothing validates.
 */
export type DeclaredQuery = { dto: Type } | { names: ReadonlySet<string> };

interface RouteArgument {
  index: number;
  data?: unknown;
}

const declared = new WeakMap<object, DeclaredQuery>();

const isDto = (type: unknown): type is Type => typeof type === 'function' && type !== Object && type !== String && type !== Array;

/** The query the method `handler` of `controller` declares (read once per handler from Nest's route metadata). */
export function declaredQuery(controller: Type, handler: { readonly name: string }): DeclaredQuery {
  const known = declared.get(handler);
  if (known) return known;
  const args = (Reflect.getMetadata(ROUTE_ARGS_METADATA, controller, handler.name) ?? {}) as Record<string, RouteArgument>;
  const types = (Reflect.getMetadata('design:paramtypes', controller.prototype as object, handler.name) ?? []) as unknown[];
  const queries = Object.entries(args)
    .filter(([key]) => key.split(':')[0] === String(RouteParamtypes.QUERY))
    .map(([, arg]) => arg);
  const whole = queries.find((arg) => arg.data === undefined && isDto(types[arg.index]));
  const result: DeclaredQuery = whole
    ? { dto: types[whole.index] as Type }
    : { names: new Set(queries.map((arg) => arg.data).filter((name): name is string => typeof name === 'string')) };
  declared.set(handler, result);
  return result;
}

/** The parameters of `query` that a route declaring only `names` does not take, each named. */
export function undeclaredParameters(query: Record<string, unknown>, names: ReadonlySet<string>): ParameterProblem[] {
  return Object.keys(query)
    .filter((name) => !names.has(name))
    .map((field) => ({ field, message: NOT_ALLOWED }));
}

/**
 * The parameters given empty (`?sku=`, also among repeated values): each a 400, never "no filter".
 * `value` is the whole query (an object), or one parameter's value when a route reads it by `name`.
 */
export function emptyParameters(value: unknown, name?: string): ParameterProblem[] {
  const empty = (v: unknown) => v === '' || (Array.isArray(v) && v.includes(''));
  if (name !== undefined) return empty(value) ? [{ field: name, message: EMPTY_PARAMETER }] : [];
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value)
    .filter(([, v]) => empty(v))
    .map(([field]) => ({ field, message: EMPTY_PARAMETER }));
}
