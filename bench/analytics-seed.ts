/*
 * Seeds one business with a large sales history straight through SQL (generate_series), for the
 * analytics benchmark. Orders are spread evenly over `days` days ending now, numbered in time
 * order, ~3 lines each; a share of them are walk-ins (no customer) and a share are cancelled.
 * Products get stock levels so the API can still take new orders on top of the history. Each line
 * records its product's cost price as its unit cost (the margin report's cost of goods).
 */
import { Client } from 'pg';
import { ProvisionedBusiness } from '../src/modules/businesses/business-provisioning';
import { provisionBusinesses } from './bench-support';

export interface SeedOptions {
  orders: number;
  days: number;
  customers: number;
  products: number;
  timezone?: string;
}

export interface SeededBusiness extends ProvisionedBusiness {
  productIds: string[];
}

/** Rows are inserted in slices so one statement never holds millions of rows in memory at once. */
const SLICE = 250_000;

export async function seedSalesHistory(url: string, client: Client, opts: SeedOptions, log: (line: string) => void): Promise<SeededBusiness> {
  const [biz] = await provisionBusinesses(url, [{ name: 'Bench Analytics', timezone: opts.timezone ?? 'UTC' }]);
  const id = biz.business_id;

  await client.query(
    `INSERT INTO products (business_id, name, sku, price, cost_price)
     SELECT $1, 'Product ' || g, 'SKU-' || lpad(g::text, greatest(5, length(g::text)), '0'), (1 + (g % 97))::numeric + 0.99, (g % 97)::numeric + 0.5
       FROM generate_series(1, $2) g`,
    [id, opts.products],
  );
  await client.query(
    `INSERT INTO stock_levels (business_id, warehouse_id, product_id, quantity)
     SELECT $1, $2, p.id, 1000000 FROM products p WHERE p.business_id = $1`,
    [id, biz.warehouse_id],
  );
  await client.query(
    `INSERT INTO customers (business_id, name, email, email_normalized, created_at)
     SELECT $1, 'Customer ' || g, 'c' || g || '@bench.test', 'c' || g || '@bench.test',
            now() - make_interval(days => $3) + (g::float8 / $2) * make_interval(days => $3)
       FROM generate_series(1, $2) g`,
    [id, opts.customers, opts.days],
  );
  // Products in a fixed order, indexed 1..N, so lines pick them by arithmetic instead of a join.
  await client.query(
    `CREATE TEMP TABLE bench_products AS
     SELECT row_number() OVER (ORDER BY sku) AS n, id, name, sku, price, cost_price FROM products WHERE business_id = $1`,
    [id],
  );
  await client.query(
    `CREATE TEMP TABLE bench_customers AS
     SELECT row_number() OVER (ORDER BY created_at, id) AS n, id FROM customers WHERE business_id = $1`,
    [id],
  );
  await client.query(`CREATE UNIQUE INDEX ON bench_products (n); CREATE UNIQUE INDEX ON bench_customers (n)`);

  const started = Date.now();
  for (let from = 1; from <= opts.orders; from += SLICE) {
    const to = Math.min(opts.orders, from + SLICE - 1);
    await seedSlice(client, id, biz.warehouse_id, from, to, opts);
    log(`  seeded orders ${from}..${to} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  }
  await client.query(`UPDATE business_counters SET value = $2 WHERE business_id = $1 AND name = 'sale'`, [id, opts.orders]);
  await client.query(
    `UPDATE customers c SET total_spent = s.spent, total_orders = s.n, last_purchase_date = s.last
       FROM (SELECT customer_id, sum(total) AS spent, count(*) AS n, max(created_at) AS last
               FROM sales WHERE business_id = $1 AND status = 'completed' AND customer_id IS NOT NULL GROUP BY customer_id) s
      WHERE c.business_id = $1 AND c.id = s.customer_id`,
    [id],
  );
  const products = await client.query<{ id: string }>(`SELECT id FROM bench_products ORDER BY n`);
  await client.query(`DROP TABLE bench_products, bench_customers`);
  return { ...biz, productIds: products.rows.map((r) => r.id) };
}

/**
 * Orders g in [from, to]: created at an even spacing over the period (about 1,370 a day at the
 * default size), customer 1 + (g*7919 mod customers) for 4 in 5 orders (40,000 distinct buyers of
 * 50,000 customers), every 50th cancelled, 2..4 lines over the products.
 */
async function seedSlice(client: Client, businessId: string, warehouseId: string, from: number, to: number, o: SeedOptions): Promise<void> {
  await client.query('BEGIN');
  await client.query(
    `CREATE TEMP TABLE bench_slice ON COMMIT DROP AS
     SELECT g, gen_random_uuid() AS id,
            now() - make_interval(days => $3) + ((g - 0.5) / $4) * make_interval(days => $3) AS created_at,
            CASE WHEN g % 5 = 0 THEN NULL ELSE 1 + (g::bigint * 7919) % $5 END AS customer_n,
            CASE WHEN g % 50 = 0 THEN 'cancelled' ELSE 'completed' END AS status,
            2 + g % 3 AS lines
       FROM generate_series($1::bigint, $2::bigint) g`,
    [from, to, o.days, o.orders, o.customers],
  );
  await client.query(
    `CREATE TEMP TABLE bench_lines ON COMMIT DROP AS
     SELECT s.id AS sale_id, l AS line_no, p.id AS product_id, p.name, p.sku, p.price, p.cost_price,
            (1 + (s.g + l) % 3)::numeric AS quantity
       FROM bench_slice s
       CROSS JOIN LATERAL generate_series(1, s.lines) l
       JOIN bench_products p ON p.n = 1 + ((s.g * 31 + l * 17) % $1)`,
    [o.products],
  );
  await client.query(
    `INSERT INTO sale_items (business_id, sale_id, line_no, product_id, product_name, sku, quantity, unit_price, discount, total, unit_cost, cost_total)
     SELECT $1, sale_id, line_no, product_id, name, sku, quantity, price, 0, quantity * price, cost_price, round(quantity * cost_price, 2) FROM bench_lines`,
    [businessId],
  );
  await client.query(
    `INSERT INTO sales (id, business_id, number, sale_number, customer_id, warehouse_id, status, payment_status, payment_method,
                        currency, subtotal, tax_amount, shipping_amount, discount_amount, total, loyalty_points_earned,
                        cancelled_at, created_at, updated_at)
     SELECT s.id, $1, s.g, 'S-' || lpad(s.g::text, greatest(4, length(s.g::text)), '0'), c.id, $2, s.status, 'paid', 'card', 'USD',
            t.subtotal, 0, 0, 0, t.subtotal, floor(t.subtotal)::int,
            CASE WHEN s.status = 'cancelled' THEN s.created_at + interval '1 hour' END, s.created_at, s.created_at
       FROM bench_slice s
       LEFT JOIN bench_customers c ON c.n = s.customer_n
       JOIN (SELECT sale_id, sum(quantity * price) AS subtotal FROM bench_lines GROUP BY sale_id) t ON t.sale_id = s.id`,
    [businessId, warehouseId],
  );
  await client.query('COMMIT');
}
