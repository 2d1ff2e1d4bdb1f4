/**
 * The shape of a hostile-input case: for a POST/PUT route of the OpenAPI document, a valid request
 * (every optional field filled, so every field gets attacked) and what its fields are. The cases
 * come from the resources' fixtures (bodyCaseFor in route-cases-derived.ts, route-fixtures.ts); the
 * attacks are derived from their bodies (route-cases-attacks.ts).
 */
import { TestApp } from './test-app';
import { World } from './route-cases';

export interface HostileContext {
  t: TestApp;
  w: World;
  /** a number unique to this request, for fields that must be unique (SKU, email, name) */
  n: number;
}

export interface BodyRouteCase {
  /** the concrete path; called anew for every accepted request, so it can make a fresh target */
  path(ctx: HostileContext): string | Promise<string>;
  /** a valid body; undefined for a route that takes none */
  body?(ctx: HostileContext): Record<string, unknown>;
  /** numeric fields that take whole numbers only */
  integers?: string[];
  /** numeric fields that may be negative */
  signed?: string[];
  /** unit costs: numeric fields with up to 4 decimals */
  costs?: string[];
  /** arrays that may be sent empty (dotted paths): `[]` is accepted, and the valid body may hold one */
  emptyArrays?: string[];
  /** free-text fields (dotted paths): stored as given, SQL and markup included */
  texts?: string[];
  /** how to read back a text field that the response itself does not carry */
  readBack?(ctx: HostileContext, field: string, response: any): Promise<unknown>;
}
