/**
 * One fixture per resource, keyed by the first segment of the route's path (`/things/{code}` is
 * `things`; `/payroll/runs` is `payroll`). The isolation and hostile-input suites derive every case
 * of a documented route from the OpenAPI document (its path parameters, method, request body fields
 * and query parameters) and its resource's fixture (route-cases-derived.ts). A fixture makes a fresh
 * instance for each case (and each accepted hostile request): what one case does cannot change what
 * another sees (one letting B take A's code cannot turn a later "B cannot read A's thing" into a 200).
 *
 * Adding a resource: one entry below. `make(made, n, route)` creates, through the API as the business
 * `made` calls as, whatever `route` needs and returns the path parameters by name (any key type:
 * `{ code: 'GC-7' }`), a valid body for the route when it takes one (every optional field filled, so
 * each is attacked; arrays that may be empty can be sent `[]`), and the ids of what it made that a
 * body or query of another route may name (`ids.product_id`), by field name. `hostile(route)` says
 * which fields of that body are free text, whole numbers, signed or unit costs.
 */
import { refusingUrl, sleep } from './receiver';
import { DocumentedRoute, MultipartFields } from './route-cases';
import { OwnFigures } from './route-cases-isolation';

/** Calls the API as one business and gives back `data` of a 2xx answer (a bare answer whole); throws on any other status. */
export type Maker = (method: string, path: string, body?: unknown) => Promise<any>;

export type RouteOf = Pick<DocumentedRoute, 'method' | 'path' | 'key'>;

export interface Instance {
  /** the values of the route's path parameters, by name (`{ code: 'T-7' }`) */
  params: Record<string, string>;
  /** a valid body for the route it was made for, when the route takes one */
  body?: Record<string, unknown>;
  /** what it made, by the field name a body or a query names it with (`product_id`), and unique values (`name`) */
  ids?: Record<string, string>;
  /** the same route on instances in other states, by state (`{ cancelled: … }`): A's are 404 too */
  others?: Record<string, Instance>;
}

export interface HostileOptions {
  /** free-text fields (dotted paths): stored and given back as sent */
  texts?: string[];
  integers?: string[];
  signed?: string[];
  costs?: string[];
  /** arrays of the body that may be sent empty (`tags: []`) */
  emptyArrays?: string[];
  /** reads back a text field the answer itself does not carry, as the business `made` calls as */
  readBack?(made: Maker, instance: Instance, response: any): Promise<unknown>;
}

export interface ResourceFixture {
  /**
   * Makes a fresh instance for `route` in the business `made` calls as; `n` is unique to the call.
   * `theirs`, for a create: another business's instance, whose unique values the body may reuse.
   */
  make(made: Maker, n: number, route: RouteOf, theirs?: Instance): Promise<Instance>;
  /**
   * The query strings a GET route without path parameters is read with when it needs one (GET
   * /search's q): B's read of its own in the isolation case takes the first, the owner's view every one.
   */
  queries?: string[];
  hostile?(route: RouteOf): HostileOptions;
  /**
   * extra assertions on B's own answer of a GET route without parameters (a report's figures) or of
   * B's create beside A's; `theirs` is A's instance made for the case (a report's is made in A and
   * in B, so both have figures)
   */
  check?(route: RouteOf): ((body: any, b: OwnFigures, theirs?: Instance) => void) | undefined;
}

/**
 * Body and query fields that name a row of another resource: the resource and the id of its
 * instance that fills them. A's id in B's body or query is refused (or lists nothing of A's); a
 * `cursor` query (a feed read on from a row, `after`) naming A's row is refused.
 */
export const REFERENCES: Record<string, { resource: string; id: string; cursor?: true }> = {
  product_id: { resource: 'products', id: 'product_id' },
  category_id: { resource: 'categories', id: 'category_id' },
  tax_rate_id: { resource: 'tax-rates', id: 'tax_rate_id' },
  shipping_tax_rate_id: { resource: 'tax-rates', id: 'tax_rate_id' },
  warehouse_id: { resource: 'warehouses', id: 'warehouse_id' },
  from_warehouse_id: { resource: 'warehouses', id: 'warehouse_id' },
  to_warehouse_id: { resource: 'warehouses', id: 'warehouse_id' },
  supplier_id: { resource: 'suppliers', id: 'supplier_id' },
  customer_id: { resource: 'customers', id: 'customer_id' },
  purchase_order_item_id: { resource: 'purchase-orders', id: 'purchase_order_item_id' },
  sale_item_id: { resource: 'orders', id: 'sale_item_id' },
  invoice_id: { resource: 'credit-notes', id: 'invoice_id' },
  after: { resource: 'events', id: 'event_id', cursor: true },
};

/**
 * Query parameters whose meaning is the route's own, by the path's last segment and the name: the
 * `after` of the activity log's pages is an entry of the log, not an event (docs/api.md 20).
 */
export const QUERY_REFERENCES: Record<string, { resource: string; id: string; cursor?: true }> = {
  'activity after': { resource: 'activity', id: 'activity_id', cursor: true },
};

/** The route `make` is asked for when an instance of `resource` is only referenced: its detail route. */
export const referencedRoute = (resource: string): RouteOf => ({ method: 'GET', path: `/${resource}/{id}`, key: `GET /${resource}/{id}` });

const hasParams = (route: RouteOf) => route.path.includes('{');

/** A resource of rows with an id and a unique name: POST creates, PUT changes, GET/DELETE by id. */
function named(resource: string, idField: string, body: (n: number, name: string) => Record<string, unknown>, hostile: HostileOptions): ResourceFixture {
  return {
    async make(made, n, route, theirs): Promise<Instance> {
      const name = theirs?.ids?.name ?? `${resource} ${n}`;
      if (!hasParams(route)) return { params: {}, body: body(n, name), ids: { name } };
      const row = await made('POST', `/${resource}`, body(n, name));
      return { params: { id: row.id }, body: body(n, `${name} renamed`), ids: { [idField]: row.id, name: row.name } };
    },
    hostile: () => hostile,
  };
}

/** The stock and margin reports: B's own products, none of A's. */
function salesReportCheck(body: any, b: OwnFigures, theirs?: Instance): void {
  expect(theirs?.ids?.product_id).toEqual(expect.any(String));
  expect(body.data.products).not.toEqual([]);
  expect(body.data.products.map((p: { product_id: string }) => p.product_id)).not.toContain(theirs!.ids!.product_id);
  if (body.data.revenue !== undefined) {
    expect(body.data.revenue).toBeGreaterThan(0);
    expect(b.revenue).toBeGreaterThan(0);
  }
}

/** The tax report (docs/api.md 22): B's own rate with its tax, none of A's rates. */
function taxReportCheck(body: any, _b: OwnFigures, theirs?: Instance): void {
  expect(theirs?.ids?.tax_rate_id).toEqual(expect.any(String));
  const ids = body.data.map((r: { tax_rate_id: string }) => r.tax_rate_id);
  expect(ids).not.toEqual([]);
  expect(ids).not.toContain(theirs!.ids!.tax_rate_id);
  expect(body.data.some((r: { tax_collected: number }) => r.tax_collected > 0)).toBe(true);
}

async function taxRate(made: Maker, n: number): Promise<string> {
  return (await made('POST', '/tax-rates', { name: `Rate ${n}`, rate: 7.5 })).id;
}

async function category(made: Maker, n: number): Promise<string> {
  return (await made('POST', '/categories', { name: `Category ${n}` })).id;
}

const productBody = (n: number, categoryId: string) => ({
  name: `Product ${n}`,
  price: 4.5,
  cost_price: 2.25,
  category_id: categoryId,
  description: 'A product',
  barcode: '4006381333931',
  unit: 'kg',
  sku: `SKU-F${n}`,
  min_stock: 1.5,
});

const businessBody = (n: number) => ({
  legal_name: `Hostile ${n} GmbH`,
  address_lines: ['Street 1', '10115 Berlin'],
  tax_id: `DE${n}`,
  email: 'billing@example.com',
  phone: '+1 555 0100',
  invoice_footer: 'Thank you',
  receipt_footer: 'See you soon',
});

const customerBody = (n: number, email = `guest${n}@example.com`) => ({ name: `Guest ${n}`, email, phone: `+1 555 ${100000 + n}`, notes: 'VIP' });

/** A product with `quantity` units in `warehouse` (the business's default one without). */
async function stockedProduct(made: Maker, n: number, warehouse?: string, quantity = 10): Promise<string> {
  const product = (await made('POST', '/products', { name: `Stocked ${n}`, price: 2 })).id;
  await made('POST', '/stock/adjustments', { product_id: product, ...(warehouse ? { warehouse_id: warehouse } : {}), quantity, reason: 'restock' });
  return product;
}

const warehouse = async (made: Maker, name: string): Promise<string> => (await made('POST', '/warehouses', { name, address: `${name} St` })).id;

/** Where the fixtures' webhooks point: a port that refuses connections, so every attempt fails at once. */
let refusing: Promise<string> | undefined;
const hookUrl = async (n: number) => `${await (refusing ??= refusingUrl())}/h${n}`;

/** Until the first delivery of the webhook is done with (failed or succeeded, never redelivered while in flight); its id. */
async function settledDelivery(made: Maker, webhook: string): Promise<string> {
  for (const deadline = Date.now() + 20_000; ; await sleep(50)) {
    const [delivery] = await made('GET', `/webhooks/${webhook}/deliveries`);
    if (delivery && (delivery.status === 'failed' || delivery.status === 'succeeded')) return delivery.id;
    if (Date.now() > deadline) throw new Error(`fixture: webhook ${webhook} has no finished delivery: ${JSON.stringify(delivery)}`);
  }
}

/** The first event of `type` in the business's feed whose data matches, paging on with `after`; waits for it to be settled. */
async function eventOf(made: Maker, type: string, matches: (data: any) => boolean): Promise<any> {
  let after = '';
  for (const deadline = Date.now() + 20_000; ;) {
    const page: any[] = await made('GET', `/events?type=${type}&limit=100${after ? `&after=${after}` : ''}`);
    const found = page.find((e) => matches(e.data));
    if (found) return found;
    if (page.length > 0) after = page[page.length - 1].id;
    if (page.length < 100) {
      if (Date.now() > deadline) throw new Error(`fixture: no ${type} event matches`);
      await sleep(50);
    }
  }
}

/** A valid order of two lines, each of a product stocked in `shop`, for a customer by email. */
const orderBody = (n: number, shop: string, products: string[], email = `buyer${n}@example.com`) => ({
  items: [
    { product_id: products[0], quantity: 1.5, price: 9.99, discount: 0.5 },
    { product_id: products[1], quantity: 1 },
  ],
  customer: { name: `Buyer ${n}`, email, phone: `+44 20 ${100000 + n}` },
  payment_method: 'card',
  tax_amount: 1.25,
  shipping_amount: 3,
  discount_amount: 0.75,
  send_invoice: true,
  warehouse_id: shop,
  notes: 'Gift wrap',
});

/** A fresh warehouse with two fresh products of 10 units each. */
async function shop(made: Maker, n: number): Promise<{ shop: string; products: string[] }> {
  const id = await warehouse(made, `Shop ${n}`);
  return { shop: id, products: [await stockedProduct(made, n, id), await stockedProduct(made, n, id)] };
}

/** A completed, invoiced order of a fresh shop for a fresh customer; with `returned`, half a unit of its first line returned. */
async function sale(made: Maker, n: number, options: { returned?: boolean } = {}) {
  const { shop: id, products } = await shop(made, n);
  const order = await made('POST', '/orders', orderBody(n, id, products));
  const returned = options.returned
    ? await made('POST', `/orders/${order.order_id}/returns`, {
        items: [{ sale_item_id: order.items[0].id, quantity: 0.5, warehouse_id: id }],
        reason: 'Too big',
      })
    : undefined;
  const ids: Record<string, string> = {
    order_id: order.order_id,
    sale_item_id: order.items[0].id,
    customer_id: order.customer_id,
    email: `buyer${n}@example.com`,
    invoice_id: order.invoice_id,
    product_id: products[0],
    warehouse_id: id,
    ...(returned ? { return_id: returned.id, credit_note_id: returned.credit_note_id } : {}),
  };
  return { order, ids };
}

export const RESOURCE_FIXTURES: Record<string, ResourceFixture> = {
  // docs/api.md 23: an import of one product, uploaded as multipart (route-cases.ts's MultipartFields), ready to apply
  imports: {
    async make(made, n, route): Promise<Instance> {
      const upload: MultipartFields = {
        __multipart: true,
        kind: 'products',
        file: { name: `import-${n}.csv`, text: `sku,name,price\nimported-${n},Imported ${n},1.50\n` },
      };
      if (!hasParams(route)) return { params: {}, body: upload as unknown as Record<string, unknown> };
      const created = await made('POST', '/imports', upload);
      for (const deadline = Date.now() + 20_000; ; await sleep(50)) {
        const imp = await made('GET', `/imports/${created.id}`);
        if (imp.status === 'ready') break;
        if (Date.now() > deadline) throw new Error(`fixture: import ${created.id} is ${imp.status}`);
      }
      return { params: { id: created.id }, body: route.path.endsWith('/apply') ? { on_error: 'skip' } : undefined };
    },
  },

  // one-line fields refuse CR/LF (no free text but the footer); the name is left alone, other suites read it
  business: {
    make: async (made, n, route) => ({
      params: {},
      body: route.method === 'PUT' ? { ...businessBody(n), prices_include_tax: false, shipping_tax_rate_id: await taxRate(made, n) } : undefined,
    }),
    hostile: () => ({ texts: ['invoice_footer', 'receipt_footer'], emptyArrays: ['address_lines'] }),
  },

  // docs/api.md 18: a restricted key of the business (revoking it never touches the caller's admin key)
  'api-keys': {
    async make(made, n, route): Promise<Instance> {
      const body = { name: `Till ${n}`, scopes: ['sales', 'orders:read'] };
      if (!hasParams(route)) return { params: {}, body };
      return { params: { id: (await made('POST', '/api-keys', { name: `Till ${n}`, scopes: ['sales'] })).id } };
    },
    hostile: () => ({ texts: ['name'] }),
  },

  // docs/api.md 19: members, invited; PATCH disables, which an invited member may be. (A's email in B joins A's user to B, whose
  // user_id and name B then rightly sees: test/staff.e2e-spec.ts covers that, not the isolation sweep)
  staff: {
    async make(made, n, route): Promise<Instance> {
      const body = { email: `staff${n}@example.com`, name: `Staff ${n}`, role: 'cashier' };
      if (!hasParams(route)) return { params: {}, body, ids: { email: body.email } };
      const member = await made('POST', '/staff', body);
      return { params: { id: member.id }, body: route.method === 'PATCH' ? { role: 'manager', status: 'disabled' } : undefined, ids: { email: member.email } };
    },
    hostile: (route) => (route.method === 'POST' && !hasParams(route) ? { texts: ['name'] } : {}),
  },

  // docs/api.md 19: a business's own roles (A's name is free in B)
  roles: {
    async make(made, n, route, theirs): Promise<Instance> {
      const name = theirs?.ids?.name ?? `Role ${n}`;
      if (!hasParams(route)) return { params: {}, body: { name, scopes: ['sales', 'orders:read'] }, ids: { name } };
      const role = await made('POST', '/roles', { name, scopes: ['sales'] });
      return { params: { id: role.id }, body: { name: `${name} renamed`, scopes: ['inventory', 'products:read'] }, ids: { name: role.name } };
    },
    hostile: () => ({ texts: ['name'] }),
  },

  // docs/api.md 22: DELETE of a rate no order used removes it (204)
  'tax-rates': {
    async make(made, n, route): Promise<Instance> {
      const body = { name: `Rate ${n}`, rate: 7.25, is_default: false };
      if (!hasParams(route)) return { params: {}, body };
      const row = await made('POST', '/tax-rates', body);
      return { params: { id: row.id }, body: { name: `Rate ${n} renamed`, rate: 19, is_default: false }, ids: { tax_rate_id: row.id } };
    },
    hostile: () => ({ texts: ['name'], costs: ['rate'] }),
  },

  categories: named('categories', 'category_id', (_n, name) => ({ name, description: 'Shelf' }), { texts: ['name', 'description'] }),

  suppliers: named('suppliers', 'supplier_id', (n, name) => ({ name, email: `orders${n}@supplier.example`, phone: '+44 20 7946 0000', notes: 'Net 30' }), {
    texts: ['name', 'notes'],
  }),

  warehouses: {
    async make(made, n, route): Promise<Instance> {
      if (!hasParams(route)) return { params: {}, body: { name: `Depot ${n}`, address: '2 Main St', is_default: false } };
      const row = await made('POST', '/warehouses', { name: `Depot ${n}`, address: '2 Main St' });
      return { params: { id: row.id }, body: { name: `Depot ${n} renamed`, address: '3 Main St', is_default: false }, ids: { warehouse_id: row.id } };
    },
    hostile: () => ({ texts: ['name', 'address'] }),
  },

  customers: {
    async make(made, n, route, theirs): Promise<Instance> {
      if (!hasParams(route)) return { params: {}, body: customerBody(n, theirs?.ids?.email), ids: {} };
      const row = await made('POST', '/customers', customerBody(n));
      return { params: { id: row.id }, body: customerBody(n), ids: { customer_id: row.id, email: row.email } };
    },
    hostile: () => ({ texts: ['name', 'notes'] }),
  },

  products: {
    async make(made, n, route, theirs): Promise<Instance> {
      const body = productBody(n, await category(made, n));
      if (theirs?.ids?.sku) body.sku = theirs.ids.sku; // A's SKU is free in B
      // the rate only in the body of the route itself: the product made for other routes stays untaxed
      const withRate = async () => ({ ...body, tax_rate_id: await taxRate(made, n) });
      if (!hasParams(route)) return { params: {}, body: route.key === 'POST /products' ? await withRate() : body };
      const row = await made('POST', '/products', body);
      const update = route.key === 'PUT /products/{id}' ? await withRate() : body;
      return { params: { id: row.id }, body: { ...update, sku: `SKU-G${n}`, is_active: true }, ids: { product_id: row.id, sku: row.sku } };
    },
    hostile: () => ({ texts: ['name', 'description', 'unit', 'sku'] }),
  },

  invoices: {
    async make(made, n, route): Promise<Instance> {
      const customer = (await made('POST', '/customers', customerBody(n))).id;
      const product = (await made('POST', '/products', { name: `Invoiced ${n}`, price: 2 })).id;
      const body = { customer_id: customer, items: [{ product_id: product, quantity: 2.125, price: 3.99 }], due_date: '2026-12-31', notes: 'Net 30' };
      if (!hasParams(route)) return { params: {}, body, ids: { customer_id: customer } };
      const invoice = await made('POST', '/invoices', body);
      // a send is queued only in these suites (MAIL_QUEUED_ONLY): the recipient is an address, never free text
      const change = route.path.endsWith('/send') ? { to: `billing${n}@example.com` } : { status: 'paid', paid_date: '2026-11-20' };
      return { params: { id: invoice.id }, body: change, ids: { invoice_id: invoice.id } };
    },
    hostile: (route) => (route.path === '/invoices' ? { texts: ['notes'] } : {}),
  },

  finance: {
    make: () => Promise.resolve({ params: {} }),
    check: (route) => (route.path === '/finance/summary' ? (body, b) => expect(body.data.income).toBe(b.income) : undefined),
  },

  // a fresh order per case: a draft for PUT/submit/cancel, submitted (ordered) for payments and receipts
  'purchase-orders': {
    async make(made, n, route): Promise<Instance> {
      const supplier = (await made('POST', '/suppliers', { name: `Supplier PO ${n}` })).id;
      const warehouse = (await made('POST', '/warehouses', { name: `Dock ${n}`, address: `${n} Dock St` })).id;
      const product = (await made('POST', '/products', { name: `Purchased ${n}`, price: 2 })).id;
      const body = {
        supplier_id: supplier,
        warehouse_id: warehouse,
        expected_date: '2026-12-24',
        notes: 'Call before delivery',
        items: [{ product_id: product, quantity: 2.5, unit_cost: 3.1415 }],
      };
      if (!hasParams(route)) return { params: {}, body, ids: { supplier_id: supplier } };
      const order = await made('POST', '/purchase-orders', body);
      const ids = { purchase_order_id: order.id, purchase_order_item_id: order.items[0].id, supplier_id: supplier };
      const action = route.path.split('/')[3];
      if (action === 'payments' || action === 'receipts') await made('POST', `/purchase-orders/${order.id}/submit`, {});
      const bodies: Record<string, Record<string, unknown> | undefined> = {
        payments: { amount: 0.01, date: '2026-11-20', method: 'bank_transfer' },
        receipts: { warehouse_id: warehouse, items: [{ purchase_order_item_id: order.items[0].id, quantity: 0.001, unit_cost: 2.0625 }] },
      };
      return { params: { id: order.id }, body: action ? bodies[action] : route.method === 'PUT' ? body : undefined, ids };
    },
    hostile: (route) => {
      if (route.path === '/purchase-orders' || route.method === 'PUT') return { costs: ['items[0].unit_cost'], texts: ['notes'] };
      return route.path.endsWith('/receipts') ? { costs: ['items[0].unit_cost'] } : {};
    },
  },

  // every route of /stock on a fresh product with 10 units in a fresh warehouse: adjustments,
  // transfers (in transit to a second warehouse for a read, receive or cancel), counts
  stock: {
    async make(made, n, route): Promise<Instance> {
      const from = await warehouse(made, `Stock from ${n}`);
      const to = await warehouse(made, `Stock to ${n}`);
      const product = await stockedProduct(made, n, from);
      const ids = { product_id: product, warehouse_id: from };
      const kind = route.path.split('/')[2];
      const transfer = { from_warehouse_id: from, to_warehouse_id: to, items: [{ product_id: product, quantity: 0.5 }], notes: 'Van 2' };
      const count = { warehouse_id: from, items: [{ product_id: product, counted_quantity: 9.5, expected_quantity: 10 }], note: 'Aisle 3' };
      if (kind === 'adjustments')
        return { params: {}, body: { product_id: product, warehouse_id: from, quantity: 2.5, reason: 'restock', note: 'Delivery' }, ids };
      if (kind === 'transfers' && !hasParams(route)) return { params: {}, body: transfer, ids };
      if (kind === 'transfers') {
        const id = (await made('POST', '/stock/transfers', transfer)).id;
        const body = route.path.endsWith('/receive') ? { items: [{ product_id: product, quantity: 0.25 }] } : undefined;
        return { params: { id }, body, ids: { ...ids, transfer_id: id } };
      }
      if (kind === 'counts' && !hasParams(route)) return { params: {}, body: count, ids };
      if (kind === 'counts') return { params: { id: (await made('POST', '/stock/counts', count)).id }, ids };
      return { params: {}, ids }; // movements, reorder suggestions: lists
    },
    hostile: (route) => {
      if (route.path === '/stock/adjustments') return { signed: ['quantity'], texts: ['note'] };
      if (route.path === '/stock/transfers') return { texts: ['notes'] };
      return route.path === '/stock/counts' ? { texts: ['note'] } : {};
    },
  },

  // webhooks on events these cases never cause, pointing at a refusing port; for the delivery log and
  // a redelivery, one on expense.created and an expense, its delivery failed (a single attempt)
  webhooks: {
    async make(made, n, route): Promise<Instance> {
      const body = { url: await hookUrl(n), events: ['stock.out', 'invoice.paid'], secret: `whsec_${n}` };
      if (!hasParams(route)) return { params: {}, body };
      if (!route.path.includes('/deliveries')) {
        const id = (await made('POST', '/webhooks', body)).id;
        return { params: { id }, body: route.method === 'PUT' ? { is_active: true, ...body, url: `${body.url}/moved` } : undefined, ids: { webhook_id: id } };
      }
      const id = (await made('POST', '/webhooks', { ...body, events: ['expense.created'] })).id;
      await made('POST', '/expenses', { amount: 1.5, category: `hooked-${n}`, date: '2026-11-02' });
      const delivery = await settledDelivery(made, id);
      return { params: { id, delivery_id: delivery }, ids: { webhook_id: id, delivery_id: delivery } };
    },
  },

  // a fresh invoiced order of two lines per case, for a customer of its own (B's create: with A's
  // customer's email, which makes B a customer of its own); another, cancelled, is 404 too
  orders: {
    async make(made, n, route, theirs): Promise<Instance> {
      if (!hasParams(route)) {
        const { shop: id, products } = await shop(made, n);
        return { params: {}, body: orderBody(n, id, products, theirs?.ids?.email), ids: {} };
      }
      const { order, ids } = await sale(made, n, { returned: route.path.endsWith('/returns') && route.method === 'GET' });
      const params = { id: order.order_id };
      if (route.path.endsWith('/cancel')) return { params, body: { reason: 'Customer changed mind', restock: true }, ids };
      // a send is queued only in these suites (MAIL_QUEUED_ONLY): the recipient is an address, never free text
      if (route.path.endsWith('/receipt/send')) return { params, body: { to: `receipt${n}@example.com` }, ids };
      if (/\/returns(\/quote)?$/.test(route.path) && route.method === 'POST') {
        const body = {
          items: [
            { sale_item_id: order.items[0].id, quantity: 0.5, restock: true, warehouse_id: ids.warehouse_id },
            { sale_item_id: order.items[1].id, quantity: 1 },
          ],
          refund_shipping: false,
          reason: 'Damaged in transit',
        };
        return { params, body, ids };
      }
      if (route.method !== 'GET' || route.path !== '/orders/{id}') return { params, ids };
      const cancelled = await sale(made, n);
      await made('POST', `/orders/${cancelled.order.order_id}/cancel`, { reason: 'Changed mind' });
      return { params, ids, others: { cancelled: { params: { id: cancelled.order.order_id } } } };
    },
    hostile: (route) => {
      if (route.path === '/orders')
        return { texts: ['notes', 'customer.name'], readBack: (made, _instance, response) => made('GET', `/customers/${response.data.customer_id}`) };
      if (route.path.endsWith('/cancel'))
        return {
          texts: ['reason'],
          readBack: (made, _instance, response) => eventOf(made, 'sale.cancelled', (data) => data.sale_id === response.data.order_id),
        };
      if (route.path === '/orders/quote') return { texts: ['notes'] };
      return /\/returns(\/quote)?$/.test(route.path) ? { texts: ['reason'] } : {};
    },
    // B's order with A's customer's email is B's customer's, and earns a point per whole unit of its total
    check: (route) =>
      route.key === 'POST /orders'
        ? (body, _b, theirs) => {
            expect(theirs?.ids?.customer_id).toEqual(expect.any(String));
            expect(body.data.customer_id).toEqual(expect.any(String));
            expect(body.data.customer_id).not.toBe(theirs!.ids!.customer_id);
            expect(body.data.loyalty_points_earned).toBe(Math.floor(body.data.total));
          }
        : undefined,
  },

  returns: {
    async make(made, n, route): Promise<Instance> {
      if (!hasParams(route)) return { params: {} };
      const { ids } = await sale(made, n, { returned: true });
      return { params: { id: ids.return_id }, ids };
    },
  },

  'credit-notes': {
    async make(made, n, route): Promise<Instance> {
      const { ids } = await sale(made, n, { returned: true });
      return { params: hasParams(route) ? { id: ids.credit_note_id } : {}, ids };
    },
  },

  // a customer with the points of an order (a point per whole unit of its total)
  loyalty: {
    async make(made, n, route): Promise<Instance> {
      const { ids } = await sale(made, n);
      if (!hasParams(route)) return { params: {}, body: { customer_id: ids.customer_id, points: 1, reason: 'Mug' }, ids };
      return { params: { customer_id: ids.customer_id }, ids };
    },
    hostile: () => ({
      integers: ['points'],
      texts: ['reason'],
      readBack: (made, instance) => made('GET', `/loyalty/${instance.ids!.customer_id}/history`),
    }),
  },

  // a sale in the business, so a report has figures
  analytics: {
    make: async (made, n) => ({ params: {}, ids: (await sale(made, n)).ids }),
    check: (route) => {
      const notTheirs = (rows: { product_id: string }[], theirs?: Instance) => {
        expect(theirs?.ids?.product_id).toEqual(expect.any(String));
        expect(rows.map((r) => r.product_id)).not.toContain(theirs!.ids!.product_id);
      };
      const checks: Record<string, (body: any, b: OwnFigures, theirs?: Instance) => void> = {
        '/analytics/dashboard': (body, b) => {
          expect(body.data.revenue.orders).toBe(b.completedOrders);
          expect(body.data.revenue.total).toBe(b.revenue);
          expect(body.data.customers.total).toBe(b.customers);
        },
        // revenue and top products answer bare arrays (docs/api.md 2)
        '/analytics/revenue': (body, b) => expect(Math.round(body.reduce((s: number, p: { revenue: number }) => s + p.revenue * 100, 0)) / 100).toBe(b.revenue),
        '/analytics/top-products': (body, _b, theirs) => {
          expect(body).not.toEqual([]);
          notTheirs(body, theirs);
        },
        '/analytics/customers': (body, b) => expect(body.data.total_customers).toBe(b.customers),
      };
      return checks[route.path];
    },
  },

  // a sale of a stocked product in the business: both reports have rows, B's none of A's
  reports: {
    async make(made, n, route): Promise<Instance> {
      if (route.path !== '/reports/tax') return { params: {}, ids: (await sale(made, n)).ids };
      // docs/api.md 22: a default rate first, so the sale's tax is computed
      const rate = (await made('POST', '/tax-rates', { name: `Rate ${n}`, rate: 10, is_default: true })).id;
      const product = (await made('POST', '/products', { name: `Taxed ${n}`, price: 10 })).id;
      await made('POST', '/stock/adjustments', { product_id: product, quantity: 5, reason: 'restock' });
      await made('POST', '/orders', { items: [{ product_id: product, quantity: 2 }] });
      return { params: {}, ids: { product_id: product, tax_rate_id: rate } };
    },
    check: (route) => (route.path === '/reports/tax' ? taxReportCheck : salesReportCheck),
  },

  // a sale (its order, customer, products and invoice), found by what each query matches: B finds its own, never A's
  search: {
    queries: ['q=buyer', 'q=tenant', 'q=S-', 'q=INV-', 'q=product'],
    make: async (made, n) => ({ params: {}, ids: (await sale(made, n)).ids }),
    check: () => (body, _b, theirs) => {
      const found = body.data.map((hit: { id: string }) => hit.id);
      expect(found).not.toEqual([]);
      for (const id of ['order_id', 'customer_id', 'product_id', 'invoice_id']) {
        expect(theirs?.ids?.[id]).toEqual(expect.any(String));
        expect(found).not.toContain(theirs!.ids![id]);
      }
    },
  },

  // an event of the business: a customer's customer.created, found in the feed
  events: {
    async make(made, n): Promise<Instance> {
      const customer = (await made('POST', '/customers', customerBody(n))).id;
      return { params: {}, ids: { event_id: (await eventOf(made, 'customer.created', (data) => data.customer_id === customer)).id } };
    },
  },

  // an entry of the business's activity log: a customer's customers.create (docs/api.md 20)
  activity: {
    async make(made, n): Promise<Instance> {
      const customer = (await made('POST', '/customers', customerBody(n))).id;
      const entries = await made('GET', `/activity?resource_type=customer&resource_id=${customer}`);
      return { params: {}, ids: { activity_id: entries[0].id } };
    },
  },

  expenses: {
    make: (_made, n) => Promise.resolve({ params: {}, body: { amount: 120.5, category: `utilities-${n}`, description: 'Power', date: '2026-11-02' } }),
    hostile: () => ({ texts: ['category', 'description'] }),
  },

  payroll: {
    async make(made, n, route): Promise<Instance> {
      const body = { period_start: '2026-10-01', period_end: '2026-10-31', items: [{ employee_name: `Grace ${n}`, amount: 2500.75 }] };
      if (!hasParams(route)) return { params: {}, body };
      return { params: { id: (await made('POST', '/payroll/runs', body)).id } };
    },
    hostile: () => ({ texts: ['items[0].employee_name'] }),
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
