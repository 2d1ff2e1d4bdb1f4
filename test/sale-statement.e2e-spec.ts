import { randomUUID } from 'crypto';
import { Client } from 'pg';
import { activityOf } from '../src/common/activity/activity-of';
import { BusinessContext } from '../src/common/auth/business-context';
import { DomainEvent } from '../src/common/events/domain-event';
import { CombinedStatement } from '../src/database/combined-statement';
import { CustomersSaleEffect } from '../src/modules/customers/customers-sale.effect';
import { SaleCompletedEvent } from '../src/modules/orders/events/sale-completed.event';
import { composeSaleStatement } from '../src/modules/orders/persistence/compose-sale-statement';
import { saleReferenceColumns } from '../src/modules/orders/persistence/sale-references.sql';
import { priceOrder } from '../src/modules/orders/pricing/price-order';
import { SaleEffect, SaleShape, saleShapes } from '../src/modules/orders/sale-effect';
import { draftSale } from '../src/modules/orders/sale-draft';
import { StockLowEvent } from '../src/modules/stock/events/stock-low.event';
import { StockOutEvent } from '../src/modules/stock/events/stock-out.event';
import { registeredSaleEffects, shapeInputs, shapeName } from './helpers/sale-shapes';
import { startTestApp, TestApp } from './helpers/test-app';

/**
 * The order's statements are composed per order (which effects have rows, which events are pending),
 * so no single text can be registered: every variant the registered effects declare (each
 * combination of their shapes, with and without pending stock events) is built here exactly as an
 * order builds it and prepared against the migrated schema, so a wrong column fails npm test.
 */
describe('the order statements, composed', () => {
  let t: TestApp;
  let client: Client;
  let effects: SaleEffect[];
  const biz: BusinessContext = {
    id: randomUUID(),
    name: 'Shop',
    currency: 'EUR',
    timezone: 'Europe/Paris',
    keyId: randomUUID(),
    keyName: 'API key',
    scopes: ['admin'],
    actor: { type: 'key', id: randomUUID(), name: 'API key' },
  };
  const product = { id: randomUUID(), name: 'Tea', sku: 'TEA-1', price: '3.50', is_active: true };

  beforeAll(async () => {
    t = await startTestApp();
    effects = registeredSaleEffects(t);
    client = new Client({ connectionString: t.databaseUrl });
    await client.connect();
  });
  afterAll(async () => {
    await client.end();
    await t.close();
  });

  async function prepare(text: string, values: unknown[]): Promise<void> {
    await client.query(`PREPARE composed AS ${text}`);
    const { rows } = await client.query<{ n: number }>(`SELECT cardinality(parameter_types) AS n FROM pg_prepared_statements WHERE name = 'composed'`);
    await client.query('DEALLOCATE composed');
    expect(rows[0].n).toBe(values.length);
  }

  function saleOf(shape: SaleShape) {
    const price = priceOrder([{ productId: product.id, quantity: 2, productPrice: product.price }], { taxAmount: 1 });
    const sale = draftSale({
      saleId: randomUUID(),
      price,
      products: new Map([[product.id, product]]),
      warehouseId: randomUUID(),
      customerId: shape.customer ? randomUUID() : null,
      currency: 'EUR',
      paymentMethod: shape.paymentMethod ?? 'cash',
      cash: null,
      notes: null,
      sendInvoice: shape.invoice === true,
      unitCosts: new Map([[product.id, '3.1416']]),
      actor: biz.actor,
    });
    return Object.assign(sale, { inputs: shapeInputs(effects, shape) });
  }

  function composed(sale: ReturnType<typeof saleOf>, pending: DomainEvent[]) {
    const stmt = composeSaleStatement(biz, sale, effects, sale.inputs);
    const completed = new SaleCompletedEvent(biz.id, { sale_id: sale.id, sale_number: '', total: 9, customer_id: sale.customer_id, items: [] });
    stmt.stampSaleNumber(completed);
    const activity = activityOf(biz, 'orders.create', { type: 'order', id: sale.id, label: null });
    stmt.stampSaleNumberAsLabel(activity);
    return { stmt, ...stmt.compose(stmt.selection(), [...pending, completed], [activity]) };
  }

  const stockData = { product_id: product.id, name: 'Tea', sku: 'TEA-1', stock: 0, min_stock: 5 };
  const pendings: [string, () => DomainEvent[]][] = [
    ['only sale.completed', () => []],
    ['pending stock events', () => [new StockLowEvent(biz.id, stockData), new StockOutEvent(biz.id, stockData)]],
  ];

  it("every combination of the registered effects' shapes prepares, with and without pending events", async () => {
    const shapes = saleShapes(effects);
    expect(shapes.length).toBeGreaterThanOrEqual(4);
    const texts = new Set<string>();
    for (const shape of shapes) {
      for (const [pendingName, pending] of pendings) {
        const { text, values } = composed(saleOf(shape), pending());
        expect(text).toContain('"outbox.activity"');
        texts.add(text);
        await prepare(text, values).catch((err: Error) => {
          throw new Error(`${shapeName(shape)}, ${pendingName}: ${err.message}`);
        });
      }
    }
    expect(texts.size).toBeGreaterThan(1);
  });

  it("the shapes reach today's effects' conditional parts, and the maximal one ends at the highest lock", () => {
    const parts = (shape: SaleShape) =>
      (['customers.totals', 'loyalty.account', 'loyalty.earn', 'invoices.number', 'invoices.invoice', 'finance.income'] as const).filter((p) =>
        composed(saleOf(shape), []).stmt.has(p),
      );
    const reached = new Set(saleShapes(effects).flatMap(parts));
    expect([...reached]).toEqual(
      expect.arrayContaining(['customers.totals', 'finance.income', 'invoices.invoice', 'invoices.number', 'loyalty.account', 'loyalty.earn']),
    );
    expect(parts({ customer: false, invoice: false })).toEqual(['finance.income']);
    expect(composed(saleOf({ customer: true, invoice: true }), []).stmt.lastLock?.name).toBe('invoices.number');
  });

  it('first, with the customer find-or-create and its conditional customer.created, prepares', async () => {
    const first = new CombinedStatement();
    const refs = saleReferenceColumns(first, biz.id, [product.id], randomUUID());
    const match = t.app.get(CustomersSaleEffect).matchInto(first, biz.id, { email: 'a@b.test', phone: '+1 555' });
    const { text, values } = first.compose({ columns: { ...refs, customer: match.column } });
    expect(text).toContain('"outbox.eventIf0"');
    await prepare(text, values);
  });

  it('first, without a customer and with the default warehouse, prepares', async () => {
    const first = new CombinedStatement();
    const { text, values } = first.compose({ columns: { ...saleReferenceColumns(first, biz.id, [product.id]), customer: 'NULL::json' } });
    await prepare(text, values);
  });
});
