/**
 * What the route-driven security specs share: the routes of the live OpenAPI document, one way to
 * call any of them (also with a raw body), the contract's error body check, and a business that owns
 * one of everything (a "world"), built through the API itself.
 */
import { TestApp, TestBusiness } from './test-app';
import { sleep } from './receiver';
import { gs1CheckDigit } from '../../src/modules/products/barcode';

export const API = '/api/v1';
/** Routes outside the tenant-scoped API: the service index, liveness and readiness need no key and own no data. */
export const UNSCOPED_ROUTES = new Set(['GET ', 'GET /health', 'GET /health/ready']);
/**
 * A person's own routes (docs/api.md 19: signing in, the session, two-factor, invitations and password
 * resets): public or acting on the caller's session, never on a business's rows through a key, and
 * not under Idempotency-Key. The derived suites leave them out; test/auth-*.e2e-spec.ts cover them.
 */
export const SESSION_ROUTES = /^\/auth\//;

export interface DocumentedRoute {
  method: string;
  /** the OpenAPI path below /api/v1, e.g. /products/{id} */
  path: string;
  /** `GET /products/{id}` */
  key: string;
  operation: any;
}

/** Every (method, path) of /docs-json, read from the running app, except the unscoped routes. */
export async function documentedRoutes(t: TestApp): Promise<{ routes: DocumentedRoute[]; document: any }> {
  const res = await t.http().get('/docs-json').expect(200);
  const routes: DocumentedRoute[] = [];
  for (const [fullPath, operations] of Object.entries<Record<string, any>>(res.body.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      const path = fullPath.startsWith(API) ? fullPath.slice(API.length) : fullPath;
      const key = `${method.toUpperCase()} ${path}`;
      if (!UNSCOPED_ROUTES.has(key) && !SESSION_ROUTES.test(path)) routes.push({ method: method.toUpperCase(), path, key, operation });
    }
  }
  return { routes, document: res.body };
}

export interface CallResult {
  status: number;
  body: any;
  text: string;
  headers: Record<string, string>;
}

export interface CallOptions {
  /** a JSON value, sent with JSON.stringify */
  body?: unknown;
  /** sent exactly as given (malformed JSON, prototype keys, huge bodies) */
  raw?: string;
  contentType?: string;
  headers?: Record<string, string>;
}

/** One request with the given key; never throws on a status. */
/**
 * A multipart/form-data body (POST /imports, docs/api.md 23) as a route case holds it: a plain object,
 * so a case may spread it and add a field like any body; `file` is the one file, the rest text fields.
 */
export interface MultipartFields {
  __multipart: true;
  file: { name: string; text: string };
  [field: string]: unknown;
}

export async function call(t: TestApp, auth: { Authorization: string }, method: string, path: string, options: CallOptions = {}): Promise<CallResult> {
  let req = t
    .http()
    [method.toLowerCase() as 'get'](`${API}${path}`)
    .set(auth)
    .set(options.headers ?? {});
  const form = options.body as MultipartFields | undefined;
  if (form && typeof form === 'object' && form.__multipart === true) {
    for (const [name, value] of Object.entries(form)) if (name !== '__multipart' && name !== 'file') req = req.field(name, String(value));
    const res = await req.attach('file', Buffer.from(form.file.text, 'utf8'), { filename: form.file.name, contentType: 'text/csv' });
    return { status: res.status, body: res.body, text: res.text ?? '', headers: res.headers };
  }
  const payload = options.raw ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
  if (payload !== undefined) req = req.set('Content-Type', options.contentType ?? 'application/json').send(payload);
  const res = await req;
  return { status: res.status, body: res.body, text: res.text ?? '', headers: res.headers };
}

/** docs/api.md 2: `{success: false, error: {code, message, details?, request_id}}`, nothing else. */
export function errorBodyProblems(res: CallResult): string[] {
  const problems: string[] = [];
  const b = res.body;
  if (!b || b.success !== false || typeof b.error !== 'object') return [`not an error body: ${res.text.slice(0, 200)}`];
  const allowed = new Set(['code', 'message', 'details', 'request_id']);
  for (const key of Object.keys(b)) if (key !== 'success' && key !== 'error') problems.push(`extra top-level field ${key}`);
  for (const key of Object.keys(b.error)) if (!allowed.has(key)) problems.push(`extra error field ${key}`);
  if (typeof b.error.code !== 'string' || !/^[A-Z_]+$/.test(b.error.code)) problems.push(`bad code ${b.error.code}`);
  if (typeof b.error.message !== 'string' || b.error.message.length === 0) problems.push('no message');
  if (b.error.request_id !== res.headers['x-request-id'] || !b.error.request_id) problems.push('request_id is not the X-Request-Id');
  if (b.error.details !== undefined && !Array.isArray(b.error.details)) problems.push('details is not an array');
  if (/\bat \S+ \(|QueryFailedError|TypeError|SELECT |INSERT |node_modules/.test(res.text)) problems.push('internals in the body');
  return problems;
}

/** A business that owns one of every kind of resource the API has, made through the API. */
export interface World {
  businessId: string;
  auth: { Authorization: string };
  categoryName: string;
  productId: string;
  productName: string;
  productSku: string;
  customerEmail: string;
  supplierId: string;
  supplierName: string;
  /** an ordered purchase order of 1,000 units of the product, 1 received */
  orderedPurchaseOrderId: string;
  /** where the business's webhooks point (a receiver that refuses connections, in these tests) */
  hookUrl: string;
  eventId: string;
  /** the body of every answer the world was made with, by request (receipts, for one, no GET shows) */
  answers: { where: string; body: unknown }[];
}

async function createdBy(t: TestApp, auth: { Authorization: string }, method: string, path: string, body: unknown, answers?: World['answers']): Promise<any> {
  const res = await call(t, auth, method, path, { body });
  if (res.status < 200 || res.status > 299) throw new Error(`world: ${method} ${path} -> ${res.status} ${res.text}`);
  answers?.push({ where: `${method} ${path}`, body: res.body });
  return res.body.data;
}

/**
 * Every resource kind once (twice for orders and invoices, to have a cancelled order and an unpaid
 * and a paid invoice). With `webhookUrl`, a webhook on sale.completed and the failed delivery of the
 * order's event; the function waits until the dispatcher has finished with the business, so its rows
 * stay still afterwards (the app must run with a dispatcher and at most one delivery attempt).
 *
 * Every free-text field the world fills (names, descriptions, addresses, notes, reasons, emails,
 * phones, the barcode, the default warehouse's name) carries `tag`, so two worlds with different
 * tags share no such value: test/tenant-isolation.e2e-spec.ts finds one world's values in the other's
 * answers by them.
 */
export async function buildWorld(t: TestApp, biz: TestBusiness, tag: string, webhookUrl?: string): Promise<World> {
  const answers: World['answers'] = [];
  const created = (auth: { Authorization: string }, method: string, path: string, body: unknown) => createdBy(t, auth, method, path, body, answers);
  const a = biz.auth;
  const mark = (text: string) => `${tag} ${text}`;
  const digits = tagDigits(tag);
  await created(a, 'PUT', `/warehouses/${biz.warehouse_id}`, { name: mark('Main'), address: mark('1 High St') });
  const category = await created(a, 'POST', '/categories', { name: mark('Coffee'), description: mark('Beans') });
  const annex = await created(a, 'POST', '/warehouses', { name: mark('Annex'), address: mark('1 Side St') });
  const supplier = await created(a, 'POST', '/suppliers', {
    name: mark('Roastery'),
    email: `${tag.toLowerCase()}-orders@roastery.example`,
    phone: `+44 20 7946 ${digits}`,
    notes: mark('Net 30'),
  });
  const product = await created(a, 'POST', '/products', {
    name: mark('Espresso'),
    price: 12.5,
    cost_price: 7.25,
    category_id: category.id,
    sku: `${tag}-ESP`,
    min_stock: 2,
    description: mark('Dark roast'),
    barcode: ean13(`20${digits}000000`),
    unit: `${tag.toLowerCase()}-bag`,
  });
  await created(a, 'POST', '/stock/adjustments', { product_id: product.id, quantity: 100, reason: 'restock', note: mark('first delivery') });
  await created(a, 'POST', '/purchase-orders', {
    supplier_id: supplier.id,
    warehouse_id: annex.id,
    items: [{ product_id: product.id, quantity: 10, unit_cost: 7.125 }],
    notes: mark('Call before delivery'),
  });
  const orderedPurchase = await created(a, 'POST', '/purchase-orders', {
    supplier_id: supplier.id,
    items: [{ product_id: product.id, quantity: 1000, unit_cost: 2 }],
    notes: mark('Bulk order'),
  });
  await created(a, 'POST', `/purchase-orders/${orderedPurchase.id}/submit`, {});
  await created(a, 'POST', `/purchase-orders/${orderedPurchase.id}/receipts`, {
    items: [{ purchase_order_item_id: orderedPurchase.items[0].id, quantity: 1 }],
  });
  await created(a, 'POST', '/stock/adjustments', { product_id: product.id, warehouse_id: annex.id, quantity: 5, reason: 'restock', note: mark('annex shelf') });
  const customerEmail = `${tag.toLowerCase()}-alice@example.com`;
  const customer = await created(a, 'POST', '/customers', { name: mark('Alice'), email: customerEmail, phone: `+1 555 ${digits}`, notes: mark('VIP') });
  const webhook = webhookUrl ? await created(a, 'POST', '/webhooks', { url: `${webhookUrl}/${tag}`, events: ['sale.completed'] }) : null;
  await created(a, 'POST', '/orders', {
    customer: { email: customerEmail },
    items: [{ product_id: product.id, quantity: 4 }],
    tax_amount: 1.5,
    send_invoice: true,
    notes: mark('Gift wrap'),
  });
  const toCancel = await created(a, 'POST', '/orders', { customer: { email: customerEmail }, items: [{ product_id: product.id, quantity: 1 }] });
  await created(a, 'POST', `/orders/${toCancel.order_id}/cancel`, { reason: mark('changed mind') });
  const toReturn = await created(a, 'POST', '/orders', {
    customer: { email: customerEmail },
    items: [{ product_id: product.id, quantity: 4 }],
    send_invoice: true,
  });
  await created(a, 'POST', `/orders/${toReturn.order_id}/returns`, {
    items: [{ sale_item_id: toReturn.items[0].id, quantity: 1, warehouse_id: annex.id }],
    reason: mark('wrong size'),
  });
  await created(a, 'POST', '/loyalty/redeem', { customer_id: customer.id, points: 10, reason: mark('mug') });
  // the reason of a redemption is given back by the customer's history alone
  await created(a, 'GET', `/loyalty/${customer.id}/history`, undefined);
  const invoiceBody = { customer_id: customer.id, items: [{ product_id: product.id, quantity: 2, price: 11 }], notes: mark('manual') };
  await created(a, 'POST', '/invoices', invoiceBody);
  const paid = await created(a, 'POST', '/invoices', invoiceBody);
  await created(a, 'PUT', `/invoices/${paid.id}`, { status: 'paid' });
  await created(a, 'POST', '/expenses', { amount: 42.1, category: `${tag.toLowerCase()}-rent`, description: mark('November') });
  await created(a, 'POST', '/payroll/runs', {
    period_start: '2026-11-01',
    period_end: '2026-11-30',
    items: [{ employee_name: mark('Grace'), amount: 1500 }],
  });
  await created(a, 'POST', '/stock/transfers', {
    from_warehouse_id: biz.warehouse_id,
    to_warehouse_id: annex.id,
    items: [{ product_id: product.id, quantity: 2 }],
    notes: mark('top-up'),
  });
  // the default unit ("unit") is every business's: C has it too, so it is no sign of A
  await created(a, 'POST', '/products', { name: mark('Shelf label'), price: 0.5 });
  await created(a, 'POST', '/stock/counts', {
    warehouse_id: annex.id,
    items: [{ product_id: product.id, counted_quantity: 6 }],
    note: mark('shelf'),
  });
  const [event] = await t.db.query(`SELECT id FROM outbox_events WHERE business_id = $1 ORDER BY seq LIMIT 1`, [biz.business_id]);
  if (webhook) await settle(t, biz.business_id);
  return {
    businessId: biz.business_id,
    auth: a,
    categoryName: category.name,
    supplierId: supplier.id,
    supplierName: supplier.name,
    orderedPurchaseOrderId: orderedPurchase.id,
    productId: product.id,
    productName: product.name,
    productSku: product.sku,
    customerEmail,
    hookUrl: webhookUrl ?? 'https://hooks.example.com',
    eventId: event.id,
    answers,
  };
}

/** Four digits of the tag's character codes: phones and the barcode of a world differ by tag. */
function tagDigits(tag: string): string {
  return [...tag]
    .map((c) => c.charCodeAt(0) % 100)
    .join('')
    .padStart(4, '0')
    .slice(-4);
}

/** A valid EAN-13 of a 12-digit payload. */
function ean13(payload: string): string {
  return `${payload}${gs1CheckDigit(payload)}`;
}

/**
 * Waits until the webhook dispatcher is done with the business (every event fanned out, no delivery
 * pending), so its rows stay still; returns its oldest delivery id (null when it has none).
 */
export async function settle(t: TestApp, businessId: string): Promise<string | null> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const [row] = await t.db.query(
      `SELECT (SELECT count(*)::int FROM outbox_events WHERE business_id = $1 AND dispatched_at IS NULL) AS undispatched,
              (SELECT count(*)::int FROM webhook_deliveries WHERE business_id = $1 AND status IN ('pending', 'delivering')) AS open,
              (SELECT id FROM webhook_deliveries WHERE business_id = $1 ORDER BY created_at LIMIT 1) AS delivery_id,
              (SELECT count(*)::int FROM imports WHERE business_id = $1 AND status IN ('validating', 'applying')) AS importing`,
      [businessId],
    );
    // an import's validation and apply go on after its 202 (docs/api.md 23)
    if (row.undispatched === 0 && row.open === 0 && row.importing === 0) return row.delivery_id;
    if (Date.now() > deadline) throw new Error(`world: deliveries did not settle: ${JSON.stringify(row)}`);
    await sleep(50);
  }
}

/** Every string in a JSON value, at any depth. */
export function stringsIn(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) value.forEach((v) => stringsIn(v, out));
  else if (value && typeof value === 'object') Object.values(value).forEach((v) => stringsIn(v, out));
  return out;
}

/**
 * Mail configured but never sent (docs/api.md 17): POST /invoices/:id/send is accepted (202) and its
 * mail stays queued, so the derived suites see the route's success without an SMTP server.
 */
export const MAIL_QUEUED_ONLY = { smtpUrl: 'smtp://127.0.0.1:9', mailDispatcher: false } as const;
