/**
 * The tenant isolation case table: for every route of the OpenAPI document, how business B calls it
 * on business A's ids (path ids, body references, query filters) and what is acceptable. A route
 * of the document without an entry here fails test/tenant-isolation.e2e-spec.ts.
 */
import { ErrorCode } from '../../src/common/errors/error-codes';
import { World } from './route-cases';

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

export type IsolationCase = (a: World, b: World) => IsolationCall[];

export const notFound = (label: string, path: string, body?: unknown): IsolationCall => ({ label, path, body, expect: { kind: 'not_found' } });
export const list = (label: string, path: string): IsolationCall => ({ label, path, expect: { kind: 'list' } });
const refused = (label: string, path: string, body: unknown, ...codes: ErrorCode[]): IsolationCall => ({
  label,
  path,
  body,
  expect: { kind: 'refused', codes },
});
export const own = (label: string, path: string, status: number, body?: unknown, check?: IsolationCall['check']): IsolationCall => ({
  label,
  path,
  body,
  expect: { kind: 'own', status },
  check,
});

const sumOf = (points: { revenue: number }[]) => Math.round(points.reduce((s, p) => s + p.revenue * 100, 0)) / 100;

export const ISOLATION_CASES: Record<string, IsolationCase> = {
  'GET /events': (a) => [
    list('B reads its feed', '/events'),
    list('B reads its feed newest first', '/events?order=desc'),
    refused("after A's event", `/events?after=${a.eventId}`, undefined, 'VALIDATION_FAILED', 'NOT_FOUND'),
    refused("after A's event, newest first", `/events?order=desc&after=${a.eventId}`, undefined, 'VALIDATION_FAILED', 'NOT_FOUND'),
  ],

  'GET /analytics/dashboard': () => [
    own("B's dashboard", '/analytics/dashboard?days=365', 200, undefined, (body, f) => {
      expect(body.data.revenue.orders).toBe(f.completedOrders);
      expect(body.data.revenue.total).toBe(f.revenue);
      expect(body.data.customers.total).toBe(f.customers);
    }),
  ],
  'GET /analytics/revenue': () => [own("B's revenue", '/analytics/revenue?days=365', 200, undefined, (body, f) => expect(sumOf(body)).toBe(f.revenue))],
  'GET /analytics/top-products': () => [own("B's top products", '/analytics/top-products?days=365&limit=50', 200)],
  'GET /reports/margin': (a) => [
    own("B's margin", '/reports/margin?days=365', 200, undefined, (body, f) => {
      expect(body.data.products.map((p: { product_id: string }) => p.product_id)).not.toContain(a.productId);
      expect(body.data.revenue).toBeGreaterThan(0);
      expect(f.revenue).toBeGreaterThan(0);
    }),
  ],
  'GET /reports/inventory-valuation': (a) => [
    own("B's stock value", '/reports/inventory-valuation', 200, undefined, (body) => {
      expect(body.data.products.map((p: { product_id: string }) => p.product_id)).not.toContain(a.productId);
      expect(body.data.products).not.toEqual([]);
    }),
  ],
  'GET /analytics/customers': () => [
    own("B's customer stats", '/analytics/customers?days=365', 200, undefined, (body, f) => expect(body.data.total_customers).toBe(f.customers)),
  ],

  'POST /loyalty/redeem': (a) => [refused("A's customer", '/loyalty/redeem', { customer_id: a.customerId, points: 1 }, 'UNKNOWN_CUSTOMER', 'NOT_FOUND')],
  'GET /loyalty/{customer_id}': (a) => [notFound("A's customer", `/loyalty/${a.customerId}`)],
  'GET /loyalty/{customer_id}/history': (a) => [notFound("A's customer", `/loyalty/${a.customerId}/history`)],
};
