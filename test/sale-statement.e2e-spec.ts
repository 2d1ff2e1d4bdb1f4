import { randomUUID } from 'crypto';
import { Client } from 'pg';
import { BusinessContext } from '../src/common/auth/business-context';
import { DomainEvent } from '../src/common/events/domain-event';
import { CombinedStatement } from '../src/database/combined-statement';
import { CustomersSaleEffect } from '../src/modules/customers/customers-sale.effect';
import { SaleCompletedEvent } from '../src/modules/orders/events/sale-completed.event';
import { SALE_EFFECT_TYPES } from '../src/modules/orders/orders.module';
import { composeSaleStatement } from '../src/modules/orders/persistence/compose-sale-statement';
import { saleReferenceColumns } from '../src/modules/orders/persistence/sale-references.sql';
import { priceOrder } from '../src/modules/orders/pricing/price-order';
import { inLockOrder } from '../src/modules/orders/sale-effect';
import { draftSale } from '../src/modules/orders/sale-draft';
import { StockLowEvent } from '../src/modules/stock/events/stock-low.event';
import { StockOutEvent } from '../src/modules/stock/events/stock-out.event';
import { cloneTemplateDatabase } from './helpers/test-app';

/**
 * The order's statements are composed per order (which effects have rows, which events are pending),
 * so no single text can be registered: their extreme variants are built here exactly as an order
 * builds them and prepared against the migrated schema, so a wrong column fails npm test.
 */
describe('the order statements, composed', () => {
  let client: Client;
  const biz: BusinessContext = { id: randomUUID(), name: 'Shop', currency: 'EUR', timezone: 'Europe/Paris', keyId: randomUUID() };
  const effects = inLockOrder(SALE_EFFECT_TYPES.map((type) => new type()));
  const product = { id: randomUUID(), name: 'Tea', sku: 'TEA-1', price: '3.50', is_active: true };

  beforeAll(async () => {
    client = new Client({ connectionString: await cloneTemplateDatabase() });
    await client.connect();
  });
  afterAll(() => client.end());

  async function prepare(text: string, values: unknown[]): Promise<void> {
    await client.query(`PREPARE composed AS ${text}`);
    const { rows } = await client.query<{ n: number }>(`SELECT cardinality(parameter_types) AS n FROM pg_prepared_statements WHERE name = 'composed'`);
    await client.query('DEALLOCATE composed');
    expect(rows[0].n).toBe(values.length);
  }

  function saleOf(options: { customerId: string | null; sendInvoice: boolean }) {
    const price = priceOrder([{ productId: product.id, quantity: 2, productPrice: product.price }], { taxAmount: 1 });
    return draftSale({
      saleId: randomUUID(),
      price,
      products: new Map([[product.id, product]]),
      warehouseId: randomUUID(),
      customerId: options.customerId,
      currency: 'EUR',
      paymentMethod: 'cash',
      notes: null,
      sendInvoice: options.sendInvoice,
      unitCosts: new Map([[product.id, '3.1416']]),
    });
  }

  function composed(sale: ReturnType<typeof saleOf>, pending: DomainEvent[]) {
    const stmt = composeSaleStatement(biz, sale, effects);
    const completed = new SaleCompletedEvent(biz.id, { sale_id: sale.id, sale_number: '', total: 9, customer_id: sale.customer_id, items: [] });
    stmt.stampSaleNumber(completed);
    return { stmt, ...stmt.compose(stmt.selection(), [...pending, completed]) };
  }

  it('numbered, minimal (no customer, no invoice, only sale.completed) prepares', async () => {
    const { stmt, text, values } = composed(saleOf({ customerId: null, sendInvoice: false }), []);
    expect(['customers.totals', 'loyalty.account', 'invoices.number'].filter((p) => stmt.has(p))).toEqual([]);
    await prepare(text, values);
  });

  it('numbered, maximal (customer, points, invoice, pending stock events) prepares', async () => {
    const stockData = { product_id: product.id, name: 'Tea', sku: 'TEA-1', stock: 0, min_stock: 5 };
    const pending = [new StockLowEvent(biz.id, stockData), new StockOutEvent(biz.id, stockData)];
    const { stmt, text, values } = composed(saleOf({ customerId: randomUUID(), sendInvoice: true }), pending);
    expect(['customers.totals', 'loyalty.account', 'loyalty.earn', 'invoices.number', 'invoices.invoice', 'finance.income'].every((p) => stmt.has(p))).toBe(
      true,
    );
    expect(stmt.lastLock?.name).toBe('invoices.number');
    await prepare(text, values);
  });

  it('first, with the customer find-or-create and its conditional customer.created, prepares', async () => {
    const first = new CombinedStatement();
    const refs = saleReferenceColumns(first, biz.id, [product.id], randomUUID());
    const match = new CustomersSaleEffect().matchInto(first, biz.id, { email: 'a@b.test', phone: '+1 555' });
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
