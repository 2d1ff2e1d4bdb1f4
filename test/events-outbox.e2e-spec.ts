import { runImport } from './helpers/imports';
import { EVENT_NAMES } from '../src/common/events/domain-event';
import { saleCompletedItem, seedProduct } from './helpers/orders-fixtures';
import { createBusiness, startTestApp, TestApp, TestBusiness } from './helpers/test-app';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * Every event of docs/api.md 10 (the original six plus sale.cancelled, sale.returned, purchase_order.received and stock.transferred), each triggered through its real endpoint, lands in
 * the outbox with its data, in the order it happened; a failing request of each kind records none.
 */
describe('events in the outbox: one per trigger, none for a failed request', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const send = (biz: TestBusiness, method: 'post' | 'put', path: string, body: object) => t.http()[method](`/api/v1${path}`).set(biz.auth).send(body);
  const ok = async (biz: TestBusiness, method: 'post' | 'put', path: string, body: object) => {
    const res = await send(biz, method, path, body);
    expect([200, 201]).toContain(res.status);
    return res.body.data;
  };
  const outbox = (biz: TestBusiness): Promise<{ id: string; type: string; data: Record<string, unknown> }[]> =>
    t.db.query(`SELECT id, type, data FROM outbox_events WHERE business_id = $1 ORDER BY seq`, [biz.business_id]);

  it('records every event type with its data when its trigger happens', async () => {
    const biz = await createBusiness(t, 'Events Shop');
    const low = await seedProduct(t, biz, { name: 'Low', sku: 'LOW', price: '10.00', stock: '5', minStock: '3' });
    const out = await seedProduct(t, biz, { name: 'Out', sku: 'OUT', price: '4.00', stock: '2' });

    const cy = await ok(biz, 'post', '/customers', { name: 'Cy', email: 'cy@shop.test' });
    const order = await ok(biz, 'post', '/orders', {
      customer: { name: 'Ann', email: 'ann@shop.test' },
      items: [
        { product_id: low, quantity: 3 },
        { product_id: out, quantity: 2 },
      ],
      send_invoice: true,
    });
    const adjusted = await ok(biz, 'post', '/stock/adjustments', { product_id: out, quantity: 5, reason: 'restock', note: 'delivery' });
    const invoice = await ok(biz, 'post', '/invoices', { customer_id: cy.id, items: [{ product_id: low, quantity: 1, price: 99.99 }] });
    await ok(biz, 'put', `/invoices/${invoice.id}`, { status: 'paid', paid_date: '2026-04-01' });
    const expense = await ok(biz, 'post', '/expenses', { amount: 250, category: 'rent', date: '2026-04-02', description: 'April' });
    const run = await ok(biz, 'post', '/payroll/runs', {
      period_start: '2026-03-01',
      period_end: '2026-03-31',
      items: [{ employee_name: 'Bo', amount: 1200.5 }],
    });
    const lowLine = order.items.find((i: { product_id: string }) => i.product_id === low).id;
    const returned = await ok(biz, 'post', `/orders/${order.order_id}/returns`, { items: [{ sale_item_id: lowLine, quantity: 1 }] });
    const cancelled = await ok(biz, 'post', `/orders/${order.order_id}/cancel`, { reason: 'wrong size' });
    const [sale] = await t.db.query(`SELECT cancelled_at FROM sales WHERE id = $1`, [order.order_id]);
    // the return and the cancellation put the 3 back (5 again): an adjustment takes all of it
    const writeOff = await ok(biz, 'post', '/stock/adjustments', { product_id: low, quantity: -5, reason: 'damage' });
    const supplier = await ok(biz, 'post', '/suppliers', { name: 'Wholesale' });
    const po = await ok(biz, 'post', '/purchase-orders', { supplier_id: supplier.id, items: [{ product_id: out, quantity: 2, unit_cost: 1.5 }] });
    await ok(biz, 'post', `/purchase-orders/${po.id}/submit`, {});
    await ok(biz, 'post', `/purchase-orders/${po.id}/receipts`, { items: [{ purchase_order_item_id: po.items[0].id, quantity: 2 }] });
    const annex = await ok(biz, 'post', '/warehouses', { name: 'Annex' });
    const transfer = await ok(biz, 'post', '/stock/transfers', {
      from_warehouse_id: biz.warehouse_id,
      to_warehouse_id: annex.id,
      items: [{ product_id: out, quantity: 1 }],
    });
    await ok(biz, 'post', `/stock/transfers/${transfer.id}/receive`, {});
    const imported = await runImport(t, biz, 'products', 'sku,name,price\r\nIMP-1,Imported mug,4.50\r\n');

    const stockData = (id: string, name: string, sku: string, stock: number, min: number) => ({ product_id: id, name, sku, stock, min_stock: min });
    const stockEvents = [
      { type: 'stock.low', data: stockData(low, 'Low', 'LOW', 2, 3), product: low },
      { type: 'stock.out', data: stockData(out, 'Out', 'OUT', 0, 0), product: out },
    ]
      .sort((a, b) => a.product.localeCompare(b.product))
      .map(({ type, data }) => ({ type, data }));

    const events = await outbox(biz);
    for (const e of events) expect(e.id).toMatch(UUID);
    expect(events.map(({ type, data }) => ({ type, data }))).toEqual([
      { type: 'customer.created', data: { customer_id: cy.id, name: 'Cy', email: 'cy@shop.test', phone: null } },
      { type: 'customer.created', data: { customer_id: order.customer_id, name: 'Ann', email: 'ann@shop.test', phone: null } },
      ...stockEvents,
      {
        type: 'sale.completed',
        data: { sale_id: order.order_id, sale_number: 'S-0001', total: 38, customer_id: order.customer_id, items: order.items.map(saleCompletedItem) },
      },
      {
        type: 'stock.adjusted',
        data: {
          movement_id: adjusted.id,
          product_id: out,
          warehouse_id: biz.warehouse_id,
          quantity: 5,
          quantity_after: 5,
          reason: 'restock',
          note: 'delivery',
        },
      },
      {
        type: 'invoice.paid',
        data: { invoice_id: invoice.id, invoice_number: 'INV-0002', customer_id: cy.id, sale_id: null, total: 99.99, paid_date: '2026-04-01' },
      },
      {
        type: 'expense.created',
        data: {
          expense_id: expense.id,
          amount: 250,
          category: 'rent',
          description: 'April',
          date: '2026-04-02',
          finance_transaction_id: expense.finance_transaction_id,
        },
      },
      { type: 'payroll.processed', data: { run_id: run.id, period_start: '2026-03-01', period_end: '2026-03-31', total: 1200.5, employee_count: 1 } },
      {
        type: 'sale.returned',
        data: {
          sale_id: order.order_id,
          sale_number: 'S-0001',
          return_id: returned.id,
          return_number: 'R-0001',
          total: 10,
          customer_id: order.customer_id,
          items: [{ product_id: low, quantity: 1, restock: true }],
        },
      },
      {
        type: 'sale.cancelled',
        data: {
          sale_id: order.order_id,
          sale_number: 'S-0001',
          total: 38,
          customer_id: order.customer_id,
          reason: 'wrong size',
          restocked: true,
          // what the return (10 of 38, floor(38 x 10 / 38) = 10 points) left
          points_reversed: 28,
          refund_amount: 28,
          invoice_id: order.invoice_id,
          cancelled_at: sale.cancelled_at.toISOString(),
        },
      },
      {
        type: 'stock.adjusted',
        data: { movement_id: writeOff.id, product_id: low, warehouse_id: biz.warehouse_id, quantity: -5, quantity_after: 0, reason: 'damage', note: null },
      },
      { type: 'stock.low', data: stockData(low, 'Low', 'LOW', 0, 3) },
      { type: 'stock.out', data: stockData(low, 'Low', 'LOW', 0, 3) },
      {
        type: 'purchase_order.received',
        data: { purchase_order_id: po.id, purchase_order_number: 'PO-0001', supplier_id: supplier.id, warehouse_id: biz.warehouse_id, total: 3 },
      },
      {
        type: 'stock.transferred',
        data: {
          transfer_id: transfer.id,
          transfer_number: 'TR-0001',
          from_warehouse_id: biz.warehouse_id,
          to_warehouse_id: annex.id,
          items: [{ product_id: out, quantity: 1, received_quantity: 1, lost_quantity: 0 }],
        },
      },
      { type: 'import.completed', data: { import_id: imported.id, kind: 'products', summary: { create: 1, update: 0, unchanged: 0, error: 0 } } },
    ]);
    expect(cancelled.status).toBe('cancelled');
    // invoice.sent needs an SMTP server that accepts the mail: test/invoice-mail.e2e-spec.ts (outbox, feed, webhook)
    expect(new Set(events.map((e) => e.type))).toEqual(new Set(EVENT_NAMES.filter((name) => name !== 'invoice.sent')));
    // the events feed serves the same events
    const feed = (await t.http().get('/api/v1/events').query({ limit: 100 }).set(biz.auth).expect(200)).body.data;
    expect(feed.map((e: { id: string }) => e.id)).toEqual(events.map((e) => e.id));
  });

  it('a failing request of each kind records no event', async () => {
    const biz = await createBusiness(t, 'Failures Shop');
    const product = await seedProduct(t, biz, { price: '10.00', stock: '5', minStock: '4' });
    const customer = await ok(biz, 'post', '/customers', { name: 'Dee', email: 'dee@shop.test' });
    const order = await ok(biz, 'post', '/orders', { items: [{ product_id: product, quantity: 1 }] });
    await ok(biz, 'post', `/orders/${order.order_id}/cancel`, {});
    const paid = await ok(biz, 'post', '/invoices', { customer_id: customer.id, items: [{ product_id: product, quantity: 1, price: 1 }] });
    await ok(biz, 'put', `/invoices/${paid.id}`, { status: 'paid' });
    const voided = await ok(biz, 'post', '/invoices', { customer_id: customer.id, items: [{ product_id: product, quantity: 1, price: 1 }] });
    await ok(biz, 'put', `/invoices/${voided.id}`, { status: 'cancelled' });
    const before = await outbox(biz);
    expect(before.map((e) => e.type)).toEqual(['customer.created', 'sale.completed', 'sale.cancelled', 'invoice.paid']);

    const failures: [string, 'post' | 'put', string, object, number][] = [
      // the new customer and its customer.created row are written before the stock check fails: rolled back
      ['order short of stock', 'post', '/orders', { customer: { email: 'new@shop.test' }, items: [{ product_id: product, quantity: 6 }] }, 422],
      ['order of an unknown product', 'post', '/orders', { customer: { email: 'new@shop.test' }, items: [{ product_id: customer.id, quantity: 1 }] }, 422],
      ['invalid order', 'post', '/orders', { items: [] }, 400],
      ['duplicate customer', 'post', '/customers', { name: 'Dee again', email: ' DEE@shop.test' }, 409],
      ['adjustment below zero', 'post', '/stock/adjustments', { product_id: product, quantity: -6, reason: 'damage' }, 422],
      ['adjustment of an unknown product', 'post', '/stock/adjustments', { product_id: customer.id, quantity: 1, reason: 'restock' }, 422],
      ['paid invoice paid again (no-op)', 'put', `/invoices/${paid.id}`, { status: 'paid' }, 200],
      ['cancelled invoice paid', 'put', `/invoices/${voided.id}`, { status: 'paid' }, 409],
      ['invalid expense', 'post', '/expenses', { amount: 0, category: 'rent' }, 400],
      [
        'inverted payroll period',
        'post',
        '/payroll/runs',
        { period_start: '2026-03-31', period_end: '2026-03-01', items: [{ employee_name: 'Bo', amount: 1 }] },
        400,
      ],
      ['empty payroll', 'post', '/payroll/runs', { period_start: '2026-03-01', period_end: '2026-03-31', items: [] }, 400],
      ['second cancel', 'post', `/orders/${order.order_id}/cancel`, {}, 409],
    ];
    for (const [what, method, path, body, status] of failures) {
      const res = await send(biz, method, path, body);
      expect({ what, status: res.status }).toEqual({ what, status });
    }
    expect(await outbox(biz)).toEqual(before);
    expect(await t.db.query(`SELECT count(*)::int AS n FROM customers WHERE business_id = $1`, [biz.business_id])).toEqual([{ n: 1 }]);
  });
});
