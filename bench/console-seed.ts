/*
 * The console benchmark's business (`npm run bench -- console`): 100,000 products and 1,000,000
 * orders over two years, straight through SQL (bench/analytics-seed.ts's generate_series seed), some
 * products below their minimum stock, every other list of the console filled (bench/console-lists-seed.ts),
 * then the analytics rollups the dashboard reads filled by the
 * app's own background pass (AnalyticsWarmer), as a running deployment has them.
 */
import { Client } from 'pg';
import { seedSalesHistory, SeededBusiness } from './analytics-seed';
import { Log } from './bench-support';
import { seedConsoleLists } from './console-lists-seed';

export const CONSOLE_ORDERS = Number(process.env.BENCH_CONSOLE_ORDERS || 1_000_000);
export const CONSOLE_PRODUCTS = Number(process.env.BENCH_CONSOLE_PRODUCTS || 100_000);
const HISTORY_DAYS = 730;

export async function seedConsoleBusiness(url: string, client: Client, log: Log): Promise<SeededBusiness> {
  const started = Date.now();
  log(`seeding ${CONSOLE_PRODUCTS} products and ${CONSOLE_ORDERS} orders over ${HISTORY_DAYS} days (50,000 customers)`);
  const business = await seedSalesHistory(url, client, { orders: CONSOLE_ORDERS, days: HISTORY_DAYS, customers: 50_000, products: CONSOLE_PRODUCTS }, log);
  // a shop's name for the screenshot, and 1 product in 200 below its minimum stock
  await client.query(`UPDATE businesses SET name = 'Corner Coffee' WHERE id = $1`, [business.business_id]);
  await client.query(`UPDATE products SET min_stock = 20, reorder_quantity = 48 WHERE business_id = $1 AND substr(sku, 5)::int % 200 = 0`, [
    business.business_id,
  ]);
  await client.query(
    `UPDATE stock_levels s SET quantity = (substr(p.sku, 5)::int / 200) % 15
       FROM products p WHERE p.id = s.product_id AND p.business_id = $1 AND s.business_id = $1 AND p.min_stock = 20`,
    [business.business_id],
  );
  await seedConsoleLists(client, business.business_id, business.warehouse_id, log);
  await client.query('VACUUM ANALYZE');
  const sizes = await client.query(
    `SELECT relname, pg_size_pretty(pg_total_relation_size(oid)) AS size FROM pg_class
      WHERE relname IN ('products', 'sales', 'sale_items', 'stock_movements', 'invoices', 'finance_transactions') ORDER BY relname`,
  );
  log(`seeded and vacuumed in ${((Date.now() - started) / 1000).toFixed(1)} s (${sizes.rows.map((r) => `${r.relname} ${r.size}`).join(', ')})`);
  return business;
}
