/**
 * The hostile-input case table: for every POST/PUT route of the OpenAPI document, a valid request
 * (every optional field filled, so every field gets attacked) and what its fields are. The attacks
 * themselves are derived from these bodies (test/helpers/route-cases-attacks.ts). A POST/PUT route
 * of the document without an entry here fails test/hostile-input.e2e-spec.ts.
 */
import { TestApp } from './test-app';
import { call, World } from './route-cases';

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

async function data(ctx: HostileContext, method: string, path: string, body?: unknown): Promise<any> {
  const res = await call(ctx.t, ctx.w.auth, method, path, { body });
  if (res.status >= 300) throw new Error(`hostile fixture: ${method} ${path} -> ${res.status} ${res.text}`);
  return res.body.data;
}

const freshOrder = async (ctx: HostileContext) =>
  `/orders/${(await data(ctx, 'POST', '/orders', { customer: { email: ctx.w.customerEmail }, items: [{ product_id: ctx.w.productId, quantity: 1 }] })).order_id}/cancel`;

export const BODY_CASES: Record<string, BodyRouteCase> = {
  'POST /orders': {
    path: () => '/orders',
    body: ({ w, n }) => ({
      items: [{ product_id: w.productId, quantity: 1.5, price: 9.99, discount: 0.5 }],
      customer: { name: `Buyer ${n}`, email: `buyer${n}@example.com`, phone: `+44 20 ${100000 + n}` },
      payment_method: 'card',
      tax_amount: 1.25,
      shipping_amount: 3,
      discount_amount: 0.75,
      send_invoice: true,
      warehouse_id: w.defaultWarehouseId,
      notes: 'Gift wrap',
    }),
    texts: ['notes', 'customer.name'],
    readBack: (ctx, _field, response) => data(ctx, 'GET', `/customers/${response.data.customer_id}`),
  },
  'POST /orders/{id}/cancel': {
    path: freshOrder,
    body: () => ({ reason: 'Customer changed mind', restock: true }),
    texts: ['reason'],
    readBack: async (ctx, _field, response) =>
      (await ctx.t.db.query(`SELECT cancel_reason FROM sales WHERE business_id = $1 AND id = $2`, [ctx.w.businessId, response.data.order_id]))[0],
  },
  'POST /orders/{id}/returns': {
    // a thousandth of a unit per accepted request, from the world's order that has 3 units left
    path: ({ w }) => `/orders/${w.returnedOrderId}/returns`,
    body: ({ w }) => ({
      items: [{ sale_item_id: w.returnedOrderItemId, quantity: 0.001, restock: true, warehouse_id: w.annexId }],
      refund_shipping: false,
      reason: 'Damaged in transit',
    }),
    texts: ['reason'],
  },
  'POST /loyalty/redeem': {
    path: () => '/loyalty/redeem',
    body: ({ w }) => ({ customer_id: w.customerId, points: 1, reason: 'Mug' }),
    integers: ['points'],
    texts: ['reason'],
    readBack: async (ctx) => (await call(ctx.t, ctx.w.auth, 'GET', `/loyalty/${ctx.w.customerId}/history`)).body,
  },
};
