import { taxLinesText } from '../src/modules/orders/order-csv';
import * as http from 'http';
import { AddressInfo } from 'net';
import { BusinessQuery } from '../src/database/business-query';
import * as csvResponse from '../src/common/csv/csv-response';
import type { Test } from 'supertest';
import type { Response as AgentResponse } from 'superagent';
import { csvObjects } from './helpers/csv';
import { apiAs, createBusiness, startTestApp, TestApp, TestBusiness } from './helpers/test-app';

type Json = Record<string, any>;

/**
 * The text a JSON value has in an export (docs/api.md, "CSV exports"), written here apart from the
 * server's writer: null empty, numbers and booleans as their JSON text, arrays as their JSON, text as
 * itself after an apostrophe when a spreadsheet would take it for a formula.
 */
function expectedText(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/** The value of a header's column in a JSON object: `a.b` is field b of object a; `stock_by_warehouse[<name>]` a warehouse's quantity. */
function valueAt(object: Json, header: string): unknown {
  const warehouse = /^stock_by_warehouse\[([\s\S]*)\]$/.exec(header);
  if (warehouse) return object.stock_by_warehouse.find((s: Json) => s.warehouse_name === warehouse[1])?.quantity ?? null;
  return header.split('.').reduce<any>((inner, key) => (inner === null || inner === undefined ? null : inner[key]), object);
}

/** The fields of the nested objects of the exported models (a null one has its fields too). */
const NESTED: Record<string, string[]> = {
  category: ['id', 'name'],
  email: ['status', 'to', 'attempts', 'last_error', 'sent_at'],
  created_by: ['type', 'id', 'name'],
};

/** The fields of an order's and an invoice's lines, each a column `item_<field>` of the line's record. */
const ORDER_ITEM_FIELDS = [
  'id',
  'product_id',
  'product_name',
  'sku',
  'quantity',
  'unit_price',
  'discount',
  'total',
  'returned_quantity',
  'unit_cost',
  'cost_total',
];
const INVOICE_ITEM_FIELDS = ['product_id', 'product_name', 'quantity', 'unit_price', 'total'];

/** How an export lays out the objects of its list (docs/api.md, "CSV exports"): its lines, and the name columns after an id. */
interface Shape {
  lines?: { field: string; fields: string[] };
  names: Record<string, string[]>;
}
const SHAPES: Record<string, Shape> = {
  '/orders': {
    lines: { field: 'items', fields: ORDER_ITEM_FIELDS },
    names: { customer_id: ['customer_name', 'customer_email'], warehouse_id: ['warehouse_name'] },
  },
  '/invoices': {
    lines: { field: 'items', fields: INVOICE_ITEM_FIELDS },
    names: { customer_id: ['customer_name', 'customer_email'], sale_id: ['sale_number'] },
  },
  '/finance/transactions': { names: { sale_id: ['sale_number'], invoice_id: ['invoice_number'] } },
  '/products': { names: {} },
};

/**
 * The header an export of these objects must have: every field, a nested object's fields dotted, the
 * name columns after their id, `created_at_local` after `created_at`, then the line's fields `item_<field>`.
 */
function headerOf(sample: Json, shape: Shape, warehouses: string[] = []): string[] {
  const own = Object.entries(sample).flatMap(([key, value]) => {
    if (key === shape.lines?.field) {
      for (const line of value as Json[]) expect(Object.keys(line)).toEqual(shape.lines.fields);
      return [];
    }
    if (key === 'stock_by_warehouse' && warehouses.length > 0) return warehouses.map((w) => `stock_by_warehouse[${w}]`);
    if (value && typeof value === 'object' && !Array.isArray(value)) expect(Object.keys(value)).toEqual(NESTED[key]);
    if (NESTED[key] && typeof value !== 'string') return NESTED[key].map((inner) => `${key}.${inner}`);
    return [key, ...(shape.names[key] ?? []), ...(key === 'created_at' ? ['created_at_local'] : [])];
  });
  return [...own, ...(shape.lines?.fields.map((f) => `item_${f}`) ?? [])];
}

/** An instant on the wall clock of a zone, `YYYY-MM-DD HH:MM:SS` (Sweden's format is ISO's), apart from the server's formatter. */
function wallClock(instant: string, timeZone: string): string {
  return new Date(instant).toLocaleString('sv-SE', { timeZone });
}

describe('CSV exports of the lists: orders, products, invoices, finance transactions', () => {
  let t: TestApp;
  let biz: TestBusiness;
  let other: TestBusiness;
  let big: TestBusiness;
  const made: Record<string, Json> = {};

  const get = (b: TestBusiness, path: string) => apiAs(t, b).get(path);
  const exportOf = async (b: TestBusiness, path: string) => {
    const res = await get(b, path).buffer(true).parse(textParser).expect(200);
    return { res, text: res.body as string, ...csvObjects(res.body as string) };
  };
  /** Every object of a JSON list with this query, page by page (100 a page). */
  const everyListed = async (b: TestBusiness, path: string, query: string): Promise<Json[]> => {
    const all: Json[] = [];
    for (let page = 1; ; page++) {
      const res = await get(b, `${path}?per_page=100&page=${page}${query ? `&${query}` : ''}`).expect(200);
      all.push(...res.body.data);
      if (page >= res.body.meta.total_pages) return all;
    }
  };
  /** The names the export writes beside an id, read from the API (each id once). */
  const seenNames = new Map<string, Json>();
  const namesOf = async (b: TestBusiness, idField: string, id: string | null): Promise<Json> => {
    if (id === null) return {};
    const key = `${b.business_id}/${idField}/${id}`;
    if (!seenNames.has(key)) {
      const read = async (path: string) => (await get(b, path).expect(200)).body.data;
      if (idField === 'customer_id') {
        const customer = await read(`/customers/${id}`);
        seenNames.set(key, { customer_name: customer.name, customer_email: customer.email });
      } else if (idField === 'warehouse_id') seenNames.set(key, { warehouse_name: (await read(`/warehouses/${id}`)).name });
      else if (idField === 'sale_id') seenNames.set(key, { sale_number: (await read(`/orders/${id}`)).order_number });
      else if (idField === 'invoice_id') seenNames.set(key, { invoice_number: (await read(`/invoices/${id}`)).invoice_number });
      else throw new Error(`no name for ${idField}`);
    }
    return seenNames.get(key)!;
  };
  const zones = new Map<string, string>();
  const zoneOf = async (b: TestBusiness) => {
    if (!zones.has(b.business_id)) zones.set(b.business_id, (await get(b, '/business').expect(200)).body.data.timezone);
    return zones.get(b.business_id)!;
  };
  /** The records an object of a list is in the export: one per line (one with the line's columns empty when it has none). */
  const recordsOf = async (b: TestBusiness, object: Json, header: string[], shape: Shape): Promise<Json[]> => {
    const names: Json = {};
    for (const idField of Object.keys(shape.names)) Object.assign(names, await namesOf(b, idField, object[idField]));
    const zone = await zoneOf(b);
    const lines: (Json | null)[] = shape.lines && object[shape.lines.field].length > 0 ? object[shape.lines.field] : [null];
    return lines.map((line) =>
      Object.fromEntries(
        header.map((h) => {
          if (h in names) return [h, expectedText(names[h])];
          if (h === 'created_at_local') return [h, wallClock(object.created_at, zone)];
          // docs/api.md 22: an order's tax per rate as one text cell
          if (h === 'tax_lines') return [h, expectedText(taxLinesText(object.tax_lines))];
          if (shape.lines && h.startsWith('item_')) return [h, expectedText(line?.[h.slice('item_'.length)] ?? null)];
          return [h, expectedText(valueAt(object, h))];
        }),
      ),
    );
  };
  /** The JSON list and the export with the same filters agree record for record, field by field. */
  const expectAgreement = async (b: TestBusiness, list: string, query: string, warehouses: string[] = []) => {
    const listed = await everyListed(b, list, query);
    const csv = await exportOf(b, `${list}/export${query ? `?${query}` : ''}`);
    const shape = SHAPES[list];
    if (listed.length > 0) expect(csv.header).toEqual(headerOf(listed[0], shape, warehouses));
    const expected: Json[] = [];
    for (const object of listed) expected.push(...(await recordsOf(b, object, csv.header, shape)));
    expect(csv.rows).toEqual(expected);
    return csv;
  };

  beforeAll(async () => {
    t = await startTestApp();
    biz = await createBusiness(t, 'CSV Shop', { currency: 'EUR', timezone: 'Europe/Berlin' });
    other = await createBusiness(t, 'Other Shop');
    big = await createBusiness(t, 'Big Shop');
    const api = apiAs(t, biz);
    const ok = async (req: Test, status = 201) => (await req.expect(status)).body.data;

    await ok(api.put(`/warehouses/${biz.warehouse_id}`, { name: 'Lager "Nord", Köln' }), 200);
    made.annex = await ok(api.post('/warehouses', { name: 'Annex\nHof' }));
    made.category = await ok(api.post('/categories', { name: 'Kaffee, Tee & "Mehr"' }));
    made.coffee = await ok(
      api.post('/products', { name: 'Café "Noir", 1kg\nSpecial', price: 0.1, sku: 'CAFE-1', unit: 'kg', category_id: made.category.id, description: '' }),
    );
    made.tea = await ok(api.post('/products', { name: 'Žlutý čaj 日本茶', price: 0.2, sku: 'TEA-2' }));
    made.formula = await ok(api.post('/products', { name: '=HYPERLINK("http://x")', price: 999999999999.99, sku: 'BIG-3' }));
    made.gone = await ok(api.post('/products', { name: 'Old stock', price: 3, sku: 'OLD-4' }));
    await ok(api.del(`/products/${made.gone.id}`), 200);
    await ok(api.post('/stock/adjustments', { product_id: made.coffee.id, quantity: 10.5, reason: 'restock' }));
    await ok(api.post('/stock/adjustments', { product_id: made.coffee.id, warehouse_id: made.annex.id, quantity: 2.25, reason: 'restock' }));
    await ok(api.post('/stock/adjustments', { product_id: made.tea.id, quantity: 100, reason: 'restock' }));

    const ann = { email: 'ann@csv.test', name: 'Ann, "the" Buyer' };
    made.first = await ok(
      api.post('/orders', {
        customer: ann,
        items: [
          { product_id: made.coffee.id, quantity: 1.125 },
          { product_id: made.tea.id, quantity: 1 },
        ],
        tax_amount: 1.5,
        notes: 'Ring twice, then "knock"\r\nback door, ünd so',
        send_invoice: true,
      }),
    );
    made.second = await ok(api.post('/orders', { items: [{ product_id: made.tea.id, quantity: 2 }], notes: '+49 call first' }));
    made.third = await ok(api.post('/orders', { customer: ann, items: [{ product_id: made.tea.id, quantity: 1 }] }));
    await ok(api.post(`/orders/${made.third.order_id}/cancel`, {}), 200);
    made.manual = await ok(
      api.post('/invoices', {
        customer_id: made.first.customer_id,
        items: [{ product_id: made.tea.id, quantity: 3, price: 0.1 }],
        notes: 'Net 30, "strict"\nDanke',
      }),
    );
    made.paid = await ok(api.post('/invoices', { customer_id: made.first.customer_id, items: [{ product_id: made.coffee.id, quantity: 0.5, price: 19.99 }] }));
    await ok(api.put(`/invoices/${made.paid.id}`, { status: 'paid', paid_date: '2026-11-20' }), 200);
    await ok(api.post('/expenses', { amount: 0.1, category: 'rent', description: 'Büro, "Miete"\nNovember', date: '2026-11-01' }));
    await ok(api.post('/expenses', { amount: 1234567.89, category: 'travel', description: '-minus first', date: '2026-11-15' }));

    // another business, with rows of every list
    const theirs = await ok(apiAs(t, other).post('/products', { name: 'Other coffee', price: 5, sku: 'CAFE-1' }));
    await ok(apiAs(t, other).post('/stock/adjustments', { product_id: theirs.id, quantity: 5, reason: 'restock' }));
    made.theirOrder = await ok(
      apiAs(t, other).post('/orders', { customer: { email: 'zed@other.test' }, items: [{ product_id: theirs.id, quantity: 1 }], send_invoice: true }),
    );
    await ok(apiAs(t, other).post('/expenses', { amount: 7, category: 'rent', description: 'Other rent' }));

    await seedBig(t, big);
  }, 60_000);
  afterAll(() => t.close());

  describe('orders', () => {
    it('writes a record per order line under a header of the JSON field names, names beside ids, as an attachment', async () => {
      const { res, header, rows, text } = await exportOf(biz, '/orders/export');
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8; header=present');
      expect(res.headers['content-disposition']).toMatch(/^attachment; filename="orders-\d{4}-\d{2}-\d{2}\.csv"$/);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(text.startsWith('order_id,order_number,status,')).toBe(true);
      expect(header).toEqual([
        'order_id',
        'order_number',
        'status',
        'payment_status',
        'payment_method',
        'customer_id',
        'customer_name',
        'customer_email',
        'subtotal',
        'tax_amount',
        'tax_lines',
        'tax_included',
        'shipping_amount',
        'discount_amount',
        'total',
        'refunded_amount',
        'cash_tendered',
        'change_due',
        'currency',
        'loyalty_points_earned',
        'loyalty_transaction_id',
        'invoice_id',
        'invoice_number',
        'warehouse_id',
        'warehouse_name',
        'notes',
        'created_by.type',
        'created_by.id',
        'created_by.name',
        'created_at',
        'created_at_local',
        'item_id',
        'item_product_id',
        'item_product_name',
        'item_sku',
        'item_quantity',
        'item_unit_price',
        'item_discount',
        'item_total',
        'item_returned_quantity',
        'item_unit_cost',
        'item_cost_total',
      ]);
      // the first order has two lines: two records, its columns repeated
      expect(rows.map((r) => r.order_number)).toEqual(['S-0003', 'S-0002', 'S-0001', 'S-0001']);
      const [coffeeLine, teaLine] = rows.slice(2);
      const orderColumns = header.filter((h) => !h.startsWith('item_'));
      expect(orderColumns.map((h) => teaLine[h])).toEqual(orderColumns.map((h) => coffeeLine[h]));
      // 1.125 kg at 0.1 is 0.1125, rounded to 0.11; plus 0.2: exact decimals, never a float's 0.30000000000000004
      expect(coffeeLine).toMatchObject({
        subtotal: '0.31',
        tax_amount: '1.5',
        total: '1.81',
        currency: 'EUR',
        invoice_number: 'INV-0001',
        customer_id: made.first.customer_id,
        customer_name: 'Ann, "the" Buyer',
        customer_email: 'ann@csv.test',
        warehouse_id: biz.warehouse_id,
        warehouse_name: 'Lager "Nord", Köln',
        created_at: made.first.created_at,
        created_at_local: wallClock(made.first.created_at, 'Europe/Berlin'),
        item_id: made.first.items[0].id,
        item_product_id: made.coffee.id,
        item_product_name: 'Café "Noir", 1kg\nSpecial',
        item_sku: 'CAFE-1',
        item_quantity: '1.125',
        item_unit_price: '0.1',
        item_total: '0.11',
      });
      expect(teaLine).toMatchObject({ item_product_id: made.tea.id, item_product_name: 'Žlutý čaj 日本茶', item_quantity: '1', item_total: '0.2' });
      expect(coffeeLine.created_at_local).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
      expect(coffeeLine.notes).toBe('Ring twice, then "knock"\r\nback door, ünd so');
      expect(text).toContain('"Ring twice, then ""knock""\r\nback door, ünd so"');
      expect(text).toContain(',"Ann, ""the"" Buyer",ann@csv.test,');
      expect(rows[1].notes).toBe("'+49 call first"); // would be a formula in a spreadsheet
      expect(rows[1]).toMatchObject({ customer_id: null, customer_name: null, customer_email: null, warehouse_name: 'Lager "Nord", Köln' });
      expect(text).not.toContain('[{'); // no cell holds JSON
      expect([coffeeLine.cash_tendered, coffeeLine.change_due]).toEqual([null, null]);
    });

    it('agrees with GET /orders row for row, for each filter', async () => {
      await expectAgreement(biz, '/orders', '');
      expect((await expectAgreement(biz, '/orders', 'status=cancelled')).rows.map((r) => r.order_number)).toEqual(['S-0003']);
      // Ann's two orders: the first of two lines, the cancelled one of one
      expect((await expectAgreement(biz, '/orders', `customer_id=${made.first.customer_id}`)).rows).toHaveLength(3);
      const completed = await expectAgreement(biz, '/orders', `customer_id=${made.first.customer_id.toUpperCase()}&status=completed`);
      expect(completed.rows.map((r) => r.order_number)).toEqual(['S-0001', 'S-0001']);
      // no order: the header alone
      const none = await expectAgreement(biz, '/orders', 'from=2020-01-01&to=2020-12-31');
      expect(none.rows).toEqual([]);
      expect(none.text).toBe(`${completed.text.split('\r\n')[0]}\r\n`);
      expect(none.header).toEqual(completed.header);
    });

    it('writes every order of a long history, in the list order, across pages (ties on the time included)', async () => {
      const { rows } = await expectAgreement(big, '/orders', '');
      expect(rows).toHaveLength(2_345);
      expect(new Set(rows.map((r) => r.order_id)).size).toBe(2_345);
      // the 500 orders of one instant (S-1000 to S-1499) are the newest: by number among themselves
      expect(rows.slice(0, 3).map((r) => r.order_number)).toEqual(['S-1499', 'S-1498', 'S-1497']);
      expect(rows[500].order_number).toBe('S-2345');
      const cancelled = await expectAgreement(big, '/orders', 'status=cancelled');
      expect(cancelled.rows).toHaveLength(234); // every 10th
    }, 60_000);
  });

  describe('products', () => {
    it('writes each product with a stock column per warehouse, its category flattened', async () => {
      const { header, rows, text } = await exportOf(biz, '/products/export');
      expect(header).toEqual([
        'id',
        'name',
        'sku',
        'price',
        'cost_price',
        'average_cost',
        'unit',
        'description',
        'barcode',
        'is_active',
        'category.id',
        'category.name',
        'tax_rate_id',
        'stock',
        'stock_by_warehouse[Lager "Nord", Köln]',
        'stock_by_warehouse[Annex\nHof]',
        'in_transit',
        'min_stock',
        'reorder_quantity',
        'created_at',
        'created_at_local',
        'updated_at',
      ]);
      expect(text.split('\r\n')[0]).toContain(',"stock_by_warehouse[Lager ""Nord"", Köln]","stock_by_warehouse[Annex\nHof]",');
      // by name, as GET /products: "=HYPERLINK" sorts before the letters
      expect(rows.map((r) => r.sku)).toEqual(['BIG-3', 'CAFE-1', 'TEA-2']);
      const [formula, coffee, tea] = rows;
      expect(formula).toMatchObject({ name: `'=HYPERLINK("http://x")`, price: '999999999999.99', 'category.id': null, stock: '0' });
      expect(coffee).toMatchObject({
        name: 'Café "Noir", 1kg\nSpecial',
        price: '0.1',
        description: '',
        cost_price: null,
        is_active: 'true',
        'category.id': made.category.id,
        'category.name': 'Kaffee, Tee & "Mehr"',
        stock: '11.625', // 10.5 - 1.125 sold + 2.25
        'stock_by_warehouse[Lager "Nord", Köln]': '9.375',
        'stock_by_warehouse[Annex\nHof]': '2.25',
      });
      expect(tea).toMatchObject({ name: 'Žlutý čaj 日本茶', stock: '97' });
    });

    it('agrees with GET /products row for row, for each filter', async () => {
      const warehouses = ['Lager "Nord", Köln', 'Annex\nHof'];
      await expectAgreement(biz, '/products', '', warehouses);
      expect((await expectAgreement(biz, '/products', 'is_active=false', warehouses)).rows.map((r) => r.sku)).toEqual(['OLD-4']);
      expect((await expectAgreement(biz, '/products', `category_id=${made.category.id}`, warehouses)).rows.map((r) => r.sku)).toEqual(['CAFE-1']);
      expect((await expectAgreement(biz, '/products', 'in_stock=false', warehouses)).rows.map((r) => r.sku)).toEqual(['BIG-3']);
      expect((await expectAgreement(biz, '/products', `search=${encodeURIComponent('čaj')}`, warehouses)).rows.map((r) => r.sku)).toEqual(['TEA-2']);
      expect((await expectAgreement(biz, '/products', 'search=%25', warehouses)).rows).toEqual([]);
    });

    it('writes every product of a large catalogue across pages, names that tie and differ in case included', async () => {
      const { rows } = await expectAgreement(big, '/products', '', ['Main']);
      expect(rows).toHaveLength(1_500);
      expect(new Set(rows.map((r) => r.id)).size).toBe(1_500);
      expect((await expectAgreement(big, '/products', 'in_stock=true', ['Main'])).rows).toHaveLength(500);
    }, 60_000);
  });

  describe('invoices', () => {
    it('writes a record per invoice item, names beside ids, money exact', async () => {
      const { header, rows } = await exportOf(biz, '/invoices/export');
      expect(header).toEqual(headerOf(made.manual, SHAPES['/invoices']));
      expect(header.slice(0, 7)).toEqual(['id', 'invoice_number', 'customer_id', 'customer_name', 'customer_email', 'sale_id', 'sale_number']);
      expect(header.slice(-5)).toEqual(['item_product_id', 'item_product_name', 'item_quantity', 'item_unit_price', 'item_total']);
      expect(header).toContain('created_at_local');
      // INV-0001 is the first order's, of its two lines
      expect(rows.map((r) => r.invoice_number)).toEqual(['INV-0003', 'INV-0002', 'INV-0001', 'INV-0001']);
      expect(rows[1]).toMatchObject({
        status: 'unpaid',
        total: '0.3',
        notes: 'Net 30, "strict"\nDanke',
        sale_id: null,
        sale_number: null,
        paid_date: null,
        customer_name: 'Ann, "the" Buyer',
        customer_email: 'ann@csv.test',
        item_product_id: made.tea.id,
        item_product_name: 'Žlutý čaj 日本茶',
        item_quantity: '3',
        item_unit_price: '0.1',
        item_total: '0.3',
      });
      expect(rows[0]).toMatchObject({ status: 'paid', total: '10', paid_date: '2026-11-20', due_date: made.paid.due_date, item_quantity: '0.5' });
      expect(rows[2]).toMatchObject({ sale_id: made.first.order_id, sale_number: 'S-0001', item_product_id: made.coffee.id });
      expect(rows[3]).toMatchObject({ sale_id: made.first.order_id, sale_number: 'S-0001', item_product_id: made.tea.id });
    });

    it('agrees with GET /invoices row for row, for each filter', async () => {
      await expectAgreement(biz, '/invoices', '');
      expect((await expectAgreement(biz, '/invoices', 'status=unpaid')).rows.map((r) => r.invoice_number)).toEqual(['INV-0002']);
      // the first order's invoice (two items) and the paid manual one (one)
      expect((await expectAgreement(biz, '/invoices', `customer_id=${made.first.customer_id}&status=paid`)).rows).toHaveLength(3);
      const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(new Date());
      expect((await expectAgreement(biz, '/invoices', `from=${today}&to=${today}`)).rows).toHaveLength(4);
      const none = await expectAgreement(biz, '/invoices', 'from=2020-01-01&to=2020-01-01');
      expect(none.text.split('\r\n')).toEqual([none.header.join(','), '']);
    });

    it('writes every invoice of a long history across pages', async () => {
      const { rows } = await expectAgreement(big, '/invoices', '');
      expect(rows).toHaveLength(1_200);
      expect(new Set(rows.map((r) => r.id)).size).toBe(1_200);
    }, 60_000);
  });

  describe('finance transactions', () => {
    it('writes each transaction, money exact, dates as in JSON, order numbers beside order ids', async () => {
      const { header, rows } = await exportOf(biz, '/finance/transactions/export?type=expense');
      expect(header).toEqual([
        'id',
        'type',
        'category',
        'amount',
        'currency',
        'description',
        'date',
        'sale_id',
        'sale_number',
        'invoice_id',
        'invoice_number',
        'reference_id',
        'created_at',
        'created_at_local',
      ]);
      expect(rows.map((r) => [r.category, r.amount, r.date, r.description])).toEqual([
        ['travel', '1234567.89', '2026-11-15', "'-minus first"],
        ['rent', '0.1', '2026-11-01', 'Büro, "Miete"\nNovember'],
      ]);
      expect(rows[0].created_at_local).toBe(wallClock(rows[0].created_at!, 'Europe/Berlin'));
      const sales = (await exportOf(biz, '/finance/transactions/export?type=income&category=sales')).rows;
      expect(sales.map((r) => r.sale_number).sort()).toEqual(['S-0001', 'S-0002', 'S-0003']);
      expect(sales.every((r) => r.sale_id !== null)).toBe(true);
    });

    it('agrees with GET /finance/transactions row for row, for each filter', async () => {
      await expectAgreement(biz, '/finance/transactions', '');
      // the three orders' income (the cancelled one's too, beside its refund) and the paid manual invoice's
      expect((await expectAgreement(biz, '/finance/transactions', 'type=income')).rows).toHaveLength(4);
      expect((await expectAgreement(biz, '/finance/transactions', 'category=rent')).rows).toHaveLength(1);
      expect((await expectAgreement(biz, '/finance/transactions', 'from=2026-11-01&to=2026-11-14')).rows).toHaveLength(1);
    });

    it('writes every transaction of a long ledger across pages (ties on date and time included)', async () => {
      const { rows } = await expectAgreement(big, '/finance/transactions', '');
      expect(rows).toHaveLength(2_500);
      expect(new Set(rows.map((r) => r.id)).size).toBe(2_500);
      expect((await expectAgreement(big, '/finance/transactions', 'from=2026-10-02&to=2026-10-02&type=expense')).rows).toHaveLength(250);
    }, 60_000);
  });

  describe('what a spreadsheet opens: lines, local times, formulas', () => {
    let dst: TestBusiness;
    const sold: Record<string, Json> = {};

    beforeAll(async () => {
      dst = await createBusiness(t, 'Berlin Shop', { currency: 'EUR', timezone: 'Europe/Berlin' });
      const api = apiAs(t, dst);
      const ok = async (req: Test) => (await req.expect(201)).body.data;
      const product = (body: Json) => ok(api.post('/products', body));
      sold.formula = await product({ name: '=HYPERLINK("http://x","click")', price: 2.5, sku: '@SKU' });
      sold.plain = await product({ name: 'Plain, "quoted"', price: 1.2, sku: 'P-1' });
      sold.kg = await product({ name: 'Loose tea', price: 10, sku: 'T-1', unit: 'kg' });
      for (const p of [sold.formula, sold.plain, sold.kg]) await ok(api.post('/stock/adjustments', { product_id: p.id, quantity: 100, reason: 'restock' }));
      const customer = { email: 'eve@berlin.test', name: '-Eve, "E"' };
      // 23:30 UTC on the 28th of March is 00:30 in Berlin (CET, +1); 01:30 UTC on the 29th is 03:30 (CEST, +2)
      sold.before = await ok(
        api.post('/orders', {
          customer,
          items: [
            { product_id: sold.formula.id, quantity: 1 },
            { product_id: sold.plain.id, quantity: 2 },
            { product_id: sold.kg.id, quantity: 0.25 },
          ],
          send_invoice: true,
        }),
      );
      sold.after = await ok(api.post('/orders', { items: [{ product_id: sold.plain.id, quantity: 1 }] }));
      await t.db.query(`UPDATE sales SET created_at = $3 WHERE business_id = $1 AND id = $2`, [
        dst.business_id,
        sold.before.order_id,
        '2026-03-28T23:30:00.456Z',
      ]);
      await t.db.query(`UPDATE sales SET created_at = $3 WHERE business_id = $1 AND id = $2`, [dst.business_id, sold.after.order_id, '2026-03-29T01:30:00Z']);
      // the schema allows a negative line discount (a surcharge): written as the number it is
      await t.db.query(`UPDATE sale_items SET discount = -1.5 WHERE business_id = $1 AND sale_id = $2 AND product_id = $3`, [
        dst.business_id,
        sold.after.order_id,
        sold.plain.id,
      ]);
    });

    it('writes an order of three lines as three records, the order repeated, each line after it', async () => {
      const { rows } = await exportOf(dst, '/orders/export');
      expect(rows.map((r) => r.order_number)).toEqual(['S-0002', 'S-0001', 'S-0001', 'S-0001']);
      const lines = rows.slice(1);
      const orderColumns = Object.keys(rows[0]).filter((h) => !h.startsWith('item_'));
      for (const line of lines) expect(orderColumns.map((h) => line[h])).toEqual(orderColumns.map((h) => lines[0][h]));
      expect(lines.map((r) => [r.item_product_id, r.item_sku, r.item_quantity, r.item_unit_price, r.item_total])).toEqual([
        [sold.formula.id, "'@SKU", '1', '2.5', '2.5'],
        [sold.plain.id, 'P-1', '2', '1.2', '2.4'],
        [sold.kg.id, 'T-1', '0.25', '10', '2.5'],
      ]);
      expect(lines[0]).toMatchObject({ total: '7.4', customer_name: `'-Eve, "E"`, customer_email: 'eve@berlin.test', warehouse_name: 'Main' });
      await expectAgreement(dst, '/orders', '');
    });

    it('writes created_at_local on the wall clock of the business, across the change to summer time', async () => {
      const { rows } = await exportOf(dst, '/orders/export');
      expect(rows.map((r) => [r.order_number, r.created_at, r.created_at_local])).toEqual([
        ['S-0002', '2026-03-29T01:30:00.000Z', '2026-03-29 03:30:00'],
        ['S-0001', '2026-03-28T23:30:00.456Z', '2026-03-29 00:30:00'],
        ['S-0001', '2026-03-28T23:30:00.456Z', '2026-03-29 00:30:00'],
        ['S-0001', '2026-03-28T23:30:00.456Z', '2026-03-29 00:30:00'],
      ]);
      // the filters take the same local dates: both are sales of the 29th in Berlin, none of the 28th
      expect((await exportOf(dst, '/orders/export?from=2026-03-29&to=2026-03-29')).rows).toHaveLength(4);
      expect((await expectAgreement(dst, '/orders', 'to=2026-03-28')).rows).toEqual([]);
    });

    it('writes text that starts a formula after an apostrophe, but never a number, a negative one included', async () => {
      const { rows, text } = await exportOf(dst, '/orders/export');
      expect(rows[1].item_product_name).toBe(`'=HYPERLINK("http://x","click")`);
      expect(text).toContain(`,"'=HYPERLINK(""http://x"",""click"")",`);
      expect(rows[2].item_product_name).toBe('Plain, "quoted"');
      expect(text).toContain(',"Plain, ""quoted""",');
      expect(rows[0]).toMatchObject({ item_discount: '-1.5', item_product_id: sold.plain.id });
      expect(text).not.toContain("'-1.5");
      const products = await exportOf(dst, '/products/export');
      expect(products.rows.find((r) => r.id === sold.formula.id)).toMatchObject({ name: `'=HYPERLINK("http://x","click")`, sku: "'@SKU", price: '2.5' });
    });

    it('writes the invoice of the order a record per item, and gives every export its local time column', async () => {
      const invoices = await expectAgreement(dst, '/invoices', '');
      expect(invoices.rows.map((r) => [r.invoice_number, r.sale_number, r.customer_email, r.item_product_name])).toEqual([
        ['INV-0001', 'S-0001', 'eve@berlin.test', `'=HYPERLINK("http://x","click")`],
        ['INV-0001', 'S-0001', 'eve@berlin.test', 'Plain, "quoted"'],
        ['INV-0001', 'S-0001', 'eve@berlin.test', 'Loose tea'],
      ]);
      await expectAgreement(dst, '/products', '', ['Main']);
      const ledger = await expectAgreement(dst, '/finance/transactions', '');
      expect(ledger.rows.map((r) => r.sale_number).sort()).toEqual(['S-0001', 'S-0002']);
      for (const csv of [invoices, ledger]) for (const r of csv.rows) expect(r.created_at_local).toBe(wallClock(r.created_at!, 'Europe/Berlin'));
    });
  });

  describe('refusals and isolation', () => {
    it.each([
      ['/orders/export?page=1', 'page'],
      ['/orders/export?per_page=100', 'per_page'],
      ['/orders/export?status=open', 'status'],
      ['/orders/export?customer_id=nope', 'customer_id'],
      ['/orders/export?from=2026-11-02&to=2026-11-01', 'from'],
      ['/products/export?in_stock=yes', 'in_stock'],
      ['/products/export?foo=bar', 'foo'],
      ['/invoices/export?status=unpaid&status=paid', 'status'],
      ['/invoices/export?from=2026-02-30', 'from'],
      ['/finance/transactions/export?type=gift', 'type'],
      ['/finance/transactions/export?from=2026-11-02&to=2026-11-01', 'from'],
    ])('%s is a 400 with the JSON error body, not a CSV', async (path, field) => {
      const res = await get(biz, path).expect(400);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.headers['content-disposition']).toBeUndefined();
      expect(res.body.error.code).toBe('VALIDATION_FAILED');
      expect(JSON.stringify(res.body.error.details)).toContain(field);
    });

    it('needs a key', async () => {
      for (const path of ['/orders/export', '/products/export', '/invoices/export', '/finance/transactions/export']) {
        const res = await t.http().get(`/api/v1${path}`).expect(401);
        expect(res.body.error.code).toBe('UNAUTHORIZED');
      }
    });

    it("never shows another business's rows, even filtered on its customer", async () => {
      const ours = await exportOf(other, '/orders/export');
      expect(ours.rows.map((r) => r.order_id)).toEqual([made.theirOrder.order_id]);
      expect((await exportOf(other, `/orders/export?customer_id=${made.first.customer_id}`)).rows).toEqual([]);
      expect((await exportOf(other, `/invoices/export?customer_id=${made.first.customer_id}`)).rows).toEqual([]);
      expect((await exportOf(other, `/products/export?category_id=${made.category.id}`)).rows).toEqual([]);
      const everything = [
        ours.text,
        (await exportOf(other, '/products/export')).text,
        (await exportOf(other, '/invoices/export')).text,
        (await exportOf(other, '/finance/transactions/export')).text,
      ].join('\n');
      for (const mine of [made.first.order_id, made.coffee.id, made.manual.id, 'Büro', 'Café', made.first.customer_id, 'Lager', 'ann@csv.test', 'Buyer']) {
        expect(everything).not.toContain(mine);
      }
      expect((await exportOf(other, '/products/export')).header).toContain('stock_by_warehouse[Main]');
    });
  });

  describe('streaming', () => {
    it('stops reading when the client goes away', async () => {
      const server = t.app.getHttpServer();
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const reads = jest.spyOn(BusinessQuery.prototype, 'first');
      const written = jest.spyOn(csvResponse, 'writeCsv');
      try {
        await seedLedger(t, big, 60_000);
        const firstBytes = await new Promise<string>((resolve, reject) => {
          const req = http.get(
            {
              host: '127.0.0.1',
              port: (server.address() as AddressInfo).port,
              path: '/api/v1/finance/transactions/export',
              headers: big.auth,
            },
            (res) => {
              res.once('data', (chunk: Buffer) => {
                req.destroy(); // gone after the first bytes
                resolve(chunk.toString());
              });
            },
          );
          req.on('error', (err) => (req.destroyed ? undefined : reject(err)));
        });
        expect(firstBytes.startsWith('id,type,category,')).toBe(true);
        // the export returns once it has noticed; by then it read a few pages of the 63, not all
        let timer: NodeJS.Timeout | undefined;
        await Promise.race([
          written.mock.results[0].value,
          new Promise((_, reject) => (timer = setTimeout(() => reject(new Error('the export did not stop')), 20_000))),
        ]).finally(() => clearTimeout(timer));
        expect(reads.mock.calls.length).toBeGreaterThan(0);
        expect(reads.mock.calls.length).toBeLessThan(20);
      } finally {
        reads.mockRestore();
        written.mockRestore();
        await new Promise((resolve) => server.close(resolve));
      }
    }, 60_000);
  });
});

/** supertest's parser for a text body it does not know (text/csv): the text, as UTF-8. */
function textParser(res: AgentResponse, done: (err: Error | null, body: string) => void): void {
  const chunks: Buffer[] = [];
  const stream = res as unknown as http.IncomingMessage;
  stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  stream.on('end', () => done(null, Buffer.concat(chunks).toString('utf8')));
}

/**
 * A business with more rows than one page of an export in every list, by SQL: 2,345 orders (every
 * 10th cancelled), 500 of them at one instant; 1,500 products, names tying and differing in case, 500
 * in stock; 1,200 invoices, 600 at one instant; 2,500 finance transactions on 5 dates, each date's at
 * one instant.
 */
async function seedBig(t: TestApp, b: TestBusiness): Promise<void> {
  const id = b.business_id;
  await t.db.query(
    `INSERT INTO sales (business_id, number, sale_number, warehouse_id, status, payment_status, payment_method, currency,
                        subtotal, tax_amount, shipping_amount, discount_amount, total, loyalty_points_earned, created_at, updated_at)
     SELECT $1, g, 'S-' || lpad(g::text, 4, '0'), $2, CASE WHEN g % 10 = 0 THEN 'cancelled' ELSE 'completed' END, 'paid', 'card', 'USD',
            g + 0.01, 0, 0, 0, g + 0.01, g,
            CASE WHEN g BETWEEN 1000 AND 1499 THEN timestamptz '2026-10-01 12:00:00.123456Z' ELSE timestamptz '2026-09-01Z' + g * interval '1 minute' END,
            now()
       FROM generate_series(1, 2345) g`,
    [id, b.warehouse_id],
  );
  await t.db.query(`UPDATE business_counters SET value = 2345 WHERE business_id = $1 AND name = 'sale'`, [id]);
  await t.db.query(
    `INSERT INTO products (business_id, name, sku, price)
     SELECT $1, (ARRAY['Same', 'same', 'SAME', 'Other'])[1 + g % 4], 'SKU-' || g, 1.5 FROM generate_series(1, 1500) g`,
    [id],
  );
  await t.db.query(
    `INSERT INTO stock_levels (business_id, warehouse_id, product_id, quantity)
     SELECT $1, $2, p.id, 0.5 FROM products p WHERE p.business_id = $1 ORDER BY p.id LIMIT 500`,
    [id, b.warehouse_id],
  );
  await t.db.query(
    `INSERT INTO invoices (business_id, number, invoice_number, status, currency, subtotal, tax_amount, total, due_date, created_at)
     SELECT $1, g, 'INV-' || lpad(g::text, 4, '0'), 'unpaid', 'USD', 2.5, 0, 2.5, date '2026-12-01',
            CASE WHEN g <= 600 THEN timestamptz '2026-10-01 08:00:00.654321Z' ELSE timestamptz '2026-10-01Z' + g * interval '1 second' END
       FROM generate_series(1, 1200) g`,
    [id],
  );
  await t.db.query(`UPDATE business_counters SET value = 1200 WHERE business_id = $1 AND name = 'invoice'`, [id]);
  await seedLedger(t, b, 2_500);
}

/** `count` finance transactions of the business by SQL, on 5 dates, each date's at one instant. */
async function seedLedger(t: TestApp, b: TestBusiness, count: number): Promise<void> {
  await t.db.query(
    `INSERT INTO finance_transactions (business_id, type, category, amount, description, occurred_on, created_at)
     SELECT $1, CASE WHEN g % 2 = 0 THEN 'expense' ELSE 'income' END, 'cat-' || g % 3, g % 1000 + 0.05, 'entry ' || g,
            date '2026-10-01' + g % 5, timestamptz '2026-10-10 10:00:00.000001Z' + (g % 5) * interval '1 day'
       FROM generate_series(1, $2) g`,
    [b.business_id, count],
  );
}
