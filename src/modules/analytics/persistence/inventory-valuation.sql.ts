import { defineStatement } from '../../../database/statement';
import { inTransitSql } from '../../stock/persistence/in-transit.sql';

/** The valuation as JSON text, built in PostgreSQL: the figures of GET /reports/inventory-valuation. */
export interface ValuationJsonRow {
  /** the sum of the products' values, as a JSON number */
  total_value: string;
  /** the products' JSON array, `[{"product_id":…,"sku":…,"name":…,"quantity":…,"average_cost":…,"value":…},…]` */
  products: string;
}

/**
 * Settings of the valuation's transaction (like SET LOCAL, which cannot be prepared): the memory to
 * aggregate 100,000 products' stock and sort their rows in memory (at 4 MB both spilled to disk).
 */
export const valuationSettings = defineStatement<[], never>('analytics.valuationSettings', `SELECT set_config('work_mem', '64MB', true)`);

/**
 * A decimal as the API writes it in JSON (moneyNumber, quantityNumber, costNumber of common/money):
 * its exact digits without trailing zeros (`12.50` -> `12.5`, `40.000` -> `40`).
 */
const jsonNumber = (sql: string) => `trim_scale(${sql})`;

/**
 * GET /reports/inventory-valuation of business $1, as JSON text: each product with stock, its quantity
 * over every warehouse and in transit, its average cost and value = round(quantity x average cost, 2),
 * by value descending, then name and id; and the sum of the values. One row per product is written
 * here (to_json escapes names as JSON.stringify does), so the API sends the text as it comes:
 * 100,000 products are about 14 MB of JSON. The products of the business are scanned and hash-joined
 * to their summed stock levels and goods in transit, whose row counts the planner knows (a UNION of
 * the two, grouped, was estimated at 67 rows and joined product by product).
 */
export const inventoryValuationJson = defineStatement<[businessId: string], ValuationJsonRow>(
  'analytics.inventoryValuationJson',
  `SELECT ${jsonNumber('coalesce(sum(v.value), 0)')}::text AS total_value,
          '[' || coalesce(string_agg(v.json, ',' ORDER BY v.value DESC, v.name, v.product_id), '') || ']' AS products
     FROM (SELECT p.id AS product_id, p.name, held.value,
                  '{"product_id":"' || p.id || '","sku":' || to_json(p.sku) || ',"name":' || to_json(p.name)
                  || ',"quantity":' || ${jsonNumber('held.quantity')} || ',"average_cost":' || ${jsonNumber('p.average_cost')}
                  || ',"value":' || ${jsonNumber('held.value')} || '}' AS json
             FROM products p
             LEFT JOIN (SELECT product_id, sum(quantity) AS quantity FROM stock_levels WHERE business_id = $1 GROUP BY product_id) s
                    ON s.product_id = p.id
             LEFT JOIN (${inTransitSql()}) transit ON transit.product_id = p.id
            CROSS JOIN LATERAL (SELECT coalesce(s.quantity, 0) + coalesce(transit.qty, 0) AS quantity) q
            CROSS JOIN LATERAL (SELECT q.quantity, round(q.quantity * p.average_cost, 2) AS value) held
            WHERE p.business_id = $1 AND q.quantity > 0) v`,
);
