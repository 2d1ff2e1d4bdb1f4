/**
 * The shape of a tenant isolation case: how business B calls a route on business A's ids (path ids,
 * body references, query filters) and what is acceptable. The cases themselves are derived from the
 * OpenAPI document and the resources' fixtures (route-cases-derived.ts, route-fixtures.ts).
 */
import { ErrorCode } from '../../src/common/errors/error-codes';

export type Expectation =
  /** 404 NOT_FOUND, and the same answer as for an id that exists nowhere */
  | { kind: 'not_found' }
  /** a body or query reference to A's resource: refused with one of these statuses/codes */
  | { kind: 'refused'; codes: ErrorCode[] }
  /** a list: 200 with B's rows only */
  | { kind: 'list' }
  /** B's own resource or report, computed over B's data only */
  | { kind: 'own'; status: number };

export interface OwnFigures {
  /** B's figures from the database, to compare reports with */
  completedOrders: number;
  revenue: number;
  customers: number;
  income: number;
}

export interface IsolationCall {
  label: string;
  /** concrete path below /api/v1, with its query string */
  path: string;
  body?: unknown;
  expect: Expectation;
  /** extra assertions on B's own answer */
  check?: (body: any, b: OwnFigures) => void;
}

export const notFound = (label: string, path: string, body?: unknown): IsolationCall => ({ label, path, body, expect: { kind: 'not_found' } });
export const list = (label: string, path: string): IsolationCall => ({ label, path, expect: { kind: 'list' } });
export const own = (label: string, path: string, status: number, body?: unknown, check?: IsolationCall['check']): IsolationCall => ({
  label,
  path,
  body,
  expect: { kind: 'own', status },
  check,
});
