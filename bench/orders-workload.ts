import { randomUUID } from 'crypto';
import { provisionBusinesses, withClient } from './bench-support';

export const PRODUCTS_PER_BUSINESS = 1000;
export const CUSTOMERS_PER_BUSINESS = 1000;
const KNOWN_CUSTOMER_SHARE = 0.8;

export interface BenchBusiness {
  id: string;
  apiKey: string;
  warehouseId: string;
  productIds: string[];
}

export interface BenchOrder {
  customer: { name: string; email: string };
  items: { product_id: string; quantity: number }[];
  tax_amount: number;
  send_invoice: boolean;
}

/**
 * Businesses with 1,000 products (stock that never runs out) and 1,000 customers each, seeded by SQL
 * on a fresh migrated database. Known customers are `customer<n>@bench.test`.
 */
export async function seedBusinesses(url: string, count: number): Promise<BenchBusiness[]> {
  const names = Array.from({ length: count }, (_, i) => ({ name: `Bench Shop ${i + 1}` }));
  const provisioned = await provisionBusinesses(url, names);
  return withClient(url, async (client) => {
    const businesses: BenchBusiness[] = [];
    for (let b = 1; b <= count; b++) {
      const biz = provisioned[b - 1];
      await client.query('BEGIN');
      await client.query(
        `INSERT INTO products (business_id, name, sku, price)
         SELECT $1, 'Product ' || n, 'SKU-' || lpad(n::text, 5, '0'), ((n * 37) % 9900 + 100) / 100.0
           FROM generate_series(1, $2) n`,
        [biz.business_id, PRODUCTS_PER_BUSINESS],
      );
      await client.query(
        `INSERT INTO stock_levels (business_id, warehouse_id, product_id, quantity)
         SELECT $1, $2, id, 1000000000 FROM products WHERE business_id = $1`,
        [biz.business_id, biz.warehouse_id],
      );
      await client.query(
        `INSERT INTO customers (business_id, name, email, email_normalized)
         SELECT $1, 'Customer ' || n, 'customer' || n || '@bench.test', 'customer' || n || '@bench.test' FROM generate_series(1, $2) n`,
        [biz.business_id, CUSTOMERS_PER_BUSINESS],
      );
      const products = await client.query(`SELECT id FROM products WHERE business_id = $1 ORDER BY sku`, [biz.business_id]);
      await client.query('COMMIT');
      businesses.push({ id: biz.business_id, apiKey: biz.api_key, warehouseId: biz.warehouse_id, productIds: products.rows.map((r) => r.id) });
    }
    await client.query('VACUUM ANALYZE');
    return businesses;
  });
}

function pick<T>(list: T[]): T {
  return list[Math.floor(Math.random() * list.length)];
}

/** One order as issue 3 describes the load: 3 distinct random lines, 80% known emails, half invoiced. */
export function randomOrder(business: BenchBusiness): BenchOrder {
  const lines = new Set<string>();
  while (lines.size < 3) lines.add(pick(business.productIds));
  const known = Math.random() < KNOWN_CUSTOMER_SHARE;
  const n = 1 + Math.floor(Math.random() * CUSTOMERS_PER_BUSINESS);
  return {
    customer: known ? { name: `Customer ${n}`, email: `customer${n}@bench.test` } : { name: 'New Customer', email: `new-${randomUUID()}@bench.test` },
    items: [...lines].map((product_id) => ({ product_id, quantity: 1 + Math.floor(Math.random() * 3) })),
    tax_amount: Math.floor(Math.random() * 500) / 100,
    send_invoice: Math.random() < 0.5,
  };
}

export interface LoadFigures {
  orders: number;
  errors: number;
  seconds: number;
  perSecond: number;
  p50: number;
  p99: number;
}
