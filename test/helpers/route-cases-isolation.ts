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

  'POST /orders': (a, b) => [
    refused("A's product", '/orders', { items: [{ product_id: a.productId, quantity: 1 }] }, 'UNKNOWN_PRODUCT'),
    refused(
      "A's product beside B's",
      '/orders',
      {
        items: [
          { product_id: b.productId, quantity: 1 },
          { product_id: a.productId, quantity: 1 },
        ],
      },
      'UNKNOWN_PRODUCT',
    ),
    refused("A's warehouse", '/orders', { warehouse_id: a.annexId, items: [{ product_id: b.productId, quantity: 1 }] }, 'UNKNOWN_WAREHOUSE'),
    own(
      "A's customer email buys from B",
      '/orders',
      201,
      { customer: { email: a.customerEmail }, items: [{ product_id: b.productId, quantity: 1 }] },
      (body) => {
        expect(body.data.customer_id).not.toBe(a.customerId);
        expect(body.data.loyalty_points_earned).toBe(Math.floor(body.data.total));
      },
    ),
  ],
  'GET /orders': (a) => [
    list('B lists its orders', '/orders'),
    list("filtered on A's customer", `/orders?customer_id=${a.customerId}`),
    list('cancelled ones', '/orders?status=cancelled'),
  ],
  'GET /orders/export': (a) => [
    own('B exports its orders', '/orders/export', 200),
    own("filtered on A's customer", `/orders/export?customer_id=${a.customerId}`, 200),
  ],
  'GET /orders/{id}': (a) => [notFound("A's order", `/orders/${a.orderId}`), notFound("A's cancelled order", `/orders/${a.cancelledOrderId}`)],
  'POST /orders/{id}/cancel': (a) => [notFound("A's order", `/orders/${a.orderId}/cancel`, { reason: 'taken over' })],
  'POST /orders/{id}/returns': (a, b) => [
    notFound("A's order", `/orders/${a.returnedOrderId}/returns`, { items: [{ sale_item_id: a.returnedOrderItemId, quantity: 1 }] }),
    refused("A's order line on B's order", `/orders/${b.orderId}/returns`, { items: [{ sale_item_id: a.orderItemId, quantity: 1 }] }, 'UNKNOWN_SALE_ITEM'),
    refused(
      "A's warehouse",
      `/orders/${b.orderId}/returns`,
      { items: [{ sale_item_id: b.orderItemId, quantity: 1, warehouse_id: a.annexId }] },
      'UNKNOWN_WAREHOUSE',
    ),
  ],
  'GET /orders/{id}/returns': (a) => [notFound("A's order", `/orders/${a.returnedOrderId}/returns`)],
  'GET /returns': () => [list('B lists its returns', '/returns')],
  'GET /returns/{id}': (a) => [notFound("A's return", `/returns/${a.returnId}`)],
  'GET /credit-notes': (a) => [
    list('B lists its credit notes', '/credit-notes'),
    list("filtered on A's invoice", `/credit-notes?invoice_id=${a.returnedOrderInvoiceId}`),
  ],
  'GET /credit-notes/{id}': (a) => [notFound("A's credit note", `/credit-notes/${a.creditNoteId}`)],
  'GET /credit-notes/{id}/pdf': (a) => [notFound("A's credit note's PDF", `/credit-notes/${a.creditNoteId}/pdf`)],

  'POST /loyalty/redeem': (a) => [refused("A's customer", '/loyalty/redeem', { customer_id: a.customerId, points: 1 }, 'UNKNOWN_CUSTOMER', 'NOT_FOUND')],
  'GET /loyalty/{customer_id}': (a) => [notFound("A's customer", `/loyalty/${a.customerId}`)],
  'GET /loyalty/{customer_id}/history': (a) => [notFound("A's customer", `/loyalty/${a.customerId}/history`)],
};
