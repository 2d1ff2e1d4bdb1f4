import { defineStatement } from '../../../database/statement';

/** The valuation as JSON text, built in PostgreSQL: the figures of GET /reports/inventory-valuation. */
export interface ValuationJsonRow {
  /** the sum of the products' values, as a JSON number */
  total_value: string;
  /** the products' JSON array, `[{"product_id":…,"sku":…,"name":…,"quantity":…,"average_cost":…,"value":…},…]` */
  products: string;
}

/**
 * GET /reports/inventory-valuation of business $1, as JSON text: the products with stock (quantity over
 * every warehouse and in transit above 0) by value descending, then name and id, and the sum of their
 * values. Each product's row of `product_valuations` is kept by triggers with its stock, transit, name,
 * SKU and average cost, its object of the array written there (migrations/1795932664370-ProductValuations.ts),
 * so this reads `product_valuations_order_idx` in its order ((business_id, value DESC, name, product_id)
 * WHERE quantity > 0) and joins the objects as they come: no aggregate of the stock levels, no sort, no
 * formatting. The aggregate takes the rows in the subquery's order (a plain aggregate over an ordered
 * subquery; `string_agg(... ORDER BY ...)` would sort again). 100,000 products are about 14 MB of JSON.
 */
export const inventoryValuationJson = defineStatement<[businessId: string], ValuationJsonRow>(
  'analytics.inventoryValuationJson',
  `SELECT trim_scale(coalesce(sum(v.value), 0))::text AS total_value, '[' || coalesce(string_agg(v.json, ','), '') || ']' AS products
     FROM (SELECT value, json FROM product_valuations
            WHERE business_id = $1 AND quantity > 0
            ORDER BY value DESC, name, product_id) v`,
);
