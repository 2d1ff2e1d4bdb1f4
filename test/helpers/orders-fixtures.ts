import { randomUUID } from 'crypto';
import { TestApp, TestBusiness } from './test-app';

export interface SeedProduct {
  name?: string;
  sku?: string;
  price?: string;
  stock?: string | null;
  isActive?: boolean;
  minStock?: string;
  warehouseId?: string;
}

/** A product of the business with stock in its default warehouse (or the given one), by SQL. */
export async function seedProduct(t: TestApp, biz: TestBusiness, options: SeedProduct = {}): Promise<string> {
  const id = randomUUID();
  const sku = options.sku ?? `SKU-${id.slice(0, 8)}`;
  await t.db.query(`INSERT INTO products (id, business_id, name, sku, price, is_active, min_stock) VALUES ($1, $2, $3, $4, $5, $6, $7)`, [
    id,
    biz.business_id,
    options.name ?? `Product ${sku}`,
    sku,
    options.price ?? '10.00',
    options.isActive ?? true,
    options.minStock ?? '0',
  ]);
  if (options.stock !== null) {
    await t.db.query(`INSERT INTO stock_levels (business_id, warehouse_id, product_id, quantity) VALUES ($1, $2, $3, $4)`, [
      biz.business_id,
      options.warehouseId ?? biz.warehouse_id,
      id,
      options.stock ?? '100',
    ]);
  }
  return id;
}

export async function stockOf(t: TestApp, biz: TestBusiness, productId: string, warehouseId = biz.warehouse_id): Promise<string | null> {
  const rows = await t.db.query(`SELECT quantity FROM stock_levels WHERE business_id = $1 AND warehouse_id = $2 AND product_id = $3`, [
    biz.business_id,
    warehouseId,
    productId,
  ]);
  return rows[0]?.quantity ?? null;
}

const ORDER_TABLES = [
  'customers',
  'sales',
  'sale_items',
  'stock_movements',
  'loyalty_accounts',
  'loyalty_transactions',
  'invoices',
  'invoice_items',
  'finance_transactions',
  'returns',
  'return_items',
  'credit_notes',
  'outbox_events',
  'invoice_emails',
  'activity_entries',
  'idempotency_keys',
];

/**
 * Everything an order can write for a business: row counts of every table, the counters, the stock
 * levels, the customer totals and what returns change of sales, lines, invoices and loyalty. Equal snapshots before and after a request: it wrote nothing.
 */
export async function orderStateOf(t: TestApp, businessId: string): Promise<Record<string, unknown>> {
  const counts = await t.db.query(
    `SELECT ${ORDER_TABLES.map((table) => `(SELECT count(*)::int FROM ${table} WHERE business_id = $1) AS ${table}`).join(', ')}`,
    [businessId],
  );
  const counters = await t.db.query(`SELECT name, value FROM business_counters WHERE business_id = $1 ORDER BY name`, [businessId]);
  const stock = await t.db.query(`SELECT warehouse_id, product_id, quantity FROM stock_levels WHERE business_id = $1 ORDER BY warehouse_id, product_id`, [
    businessId,
  ]);
  const customers = await t.db.query(`SELECT id, total_spent, total_orders, last_purchase_date FROM customers WHERE business_id = $1 ORDER BY id`, [
    businessId,
  ]);
  const sales = await t.db.query(`SELECT id, status, payment_status, refunded_amount, shipping_refunded FROM sales WHERE business_id = $1 ORDER BY id`, [
    businessId,
  ]);
  const lines = await t.db.query(`SELECT id, returned_quantity, returned_amount FROM sale_items WHERE business_id = $1 ORDER BY id`, [businessId]);
  const invoices = await t.db.query(`SELECT id, status, credited_amount FROM invoices WHERE business_id = $1 ORDER BY id`, [businessId]);
  const loyalty = await t.db.query(`SELECT customer_id, balance FROM loyalty_accounts WHERE business_id = $1 ORDER BY customer_id`, [businessId]);
  return { counts: counts[0], counters, stock, customers, sales, lines, invoices, loyalty };
}

/** An order item as sale.completed carries it (docs/webhooks.md, "What arrives"): without the line id and returned quantity of the order object. */
export function saleCompletedItem(item: Record<string, unknown>): Record<string, unknown> {
  const { product_id, product_name, sku, quantity, unit_price, discount, total } = item;
  return { product_id, product_name, sku, quantity, unit_price, discount, total };
}
