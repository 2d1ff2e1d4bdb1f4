import { EVENT_NAMES } from '../src/common/events/domain-event';
import { runImport } from './helpers/imports';
import { seedProduct } from './helpers/orders-fixtures';
import { Receiver, startReceiver, verifySignature } from './helpers/receiver';
import { createBusiness, startTestApp, TestApp, TestBusiness } from './helpers/test-app';

/**
 * Every event type of docs/api.md 10 (the original six plus sale.cancelled), each triggered by its real endpoint, reaches a
 * webhook subscribed to all of them: signed, once, with the body of docs/api.md 10 and exactly the
 * data its outbox row holds.
 */
describe('webhooks: every event type delivered from its real trigger', () => {
  let t: TestApp;
  let receiver: Receiver;
  let biz: TestBusiness;
  const SECRET = 'endpoint-secret';

  beforeAll(async () => {
    receiver = await startReceiver();
    t = await startTestApp({ webhookAllowInsecure: true, webhookDispatchIntervalMs: 100 });
    biz = await createBusiness(t);
  });
  afterAll(async () => {
    await t.close();
    await receiver.close();
  });

  const post = (path: string, body: object, status = 201) =>
    t
      .http()
      .post(`/api/v1${path}`)
      .set(biz.auth)
      .send(body)
      .expect(status)
      .then((r) => r.body.data);

  it('delivers each event once, signed, with its outbox data', async () => {
    await post('/webhooks', { url: `${receiver.url}/all`, events: [...EVENT_NAMES], secret: SECRET });
    const productId = await seedProduct(t, biz, { name: 'Kettle', price: '40.00', stock: '3', minStock: '2' });

    await post('/stock/adjustments', { product_id: productId, quantity: 1, reason: 'restock' }); // stock.adjusted
    const order = await post('/orders', {
      customer: { name: 'Grace', email: 'grace@example.com' }, // customer.created
      items: [{ product_id: productId, quantity: 4 }], // sale.completed, stock.low, stock.out
    });
    await post(`/orders/${order.order_id}/returns`, { items: [{ sale_item_id: order.items[0].id, quantity: 1 }] }); // sale.returned
    await t.http().post(`/api/v1/orders/${order.order_id}/cancel`).set(biz.auth).send({ reason: 'changed mind' }).expect(200); // sale.cancelled
    const invoice = await post('/invoices', { customer_id: order.customer_id, items: [{ product_id: productId, quantity: 1, price: 40 }] });
    await t.http().put(`/api/v1/invoices/${invoice.id}`).set(biz.auth).send({ status: 'paid' }).expect(200); // invoice.paid
    await post('/expenses', { amount: 12.5, category: 'supplies' }); // expense.created
    await post('/payroll/runs', { period_start: '2026-11-01', period_end: '2026-11-15', items: [{ employee_name: 'Ann', amount: 900 }] }); // payroll.processed
    const supplier = await post('/suppliers', { name: 'Wholesale' });
    const po = await post('/purchase-orders', { supplier_id: supplier.id, items: [{ product_id: productId, quantity: 1, unit_cost: 20 }] });
    await t.http().post(`/api/v1/purchase-orders/${po.id}/submit`).set(biz.auth).send({}).expect(200);
    await post(`/purchase-orders/${po.id}/receipts`, { items: [{ purchase_order_item_id: po.items[0].id, quantity: 1 }] }); // purchase_order.received
    const annex = await post('/warehouses', { name: 'Annex' });
    const transfer = await post('/stock/transfers', {
      from_warehouse_id: biz.warehouse_id,
      to_warehouse_id: annex.id,
      items: [{ product_id: productId, quantity: 1 }],
    });
    await t.http().post(`/api/v1/stock/transfers/${transfer.id}/receive`).set(biz.auth).send({}).expect(200); // stock.transferred
    await runImport(t, biz, 'products', 'sku,name,price\r\nIMP-1,Imported mug,4.50\r\n'); // import.completed

    const outbox: { id: string; type: string; data: object }[] = await t.db.query(
      `SELECT id, type, data FROM outbox_events WHERE business_id = $1 ORDER BY seq`,
      [biz.business_id],
    );
    // invoice.sent needs an SMTP server that accepts the mail: test/invoice-mail.e2e-spec.ts (outbox, feed, webhook)
    expect(new Set(outbox.map((e) => e.type))).toEqual(new Set(EVENT_NAMES.filter((name) => name !== 'invoice.sent')));

    const got = await receiver.waitFor(outbox.length, { path: '/all', timeoutMs: 15_000 });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(receiver.on('/all')).toHaveLength(outbox.length); // once each, nothing extra
    for (const event of outbox) {
      const delivery = got.find((r) => r.body.id === event.id);
      expect(delivery?.body).toEqual({ id: event.id, event: event.type, timestamp: expect.any(String), data: event.data });
      expect(delivery!.headers['x-service-event']).toBe(event.type);
      expect(delivery!.headers['x-service-delivery']).toBe(event.id);
      expect(delivery!.headers['x-service-signature']).toBe(SECRET);
      expect(verifySignature(delivery!.headers['x-service-signature-256'] as string, SECRET, delivery!.rawBody)).toBe(true);
    }
  });
});
