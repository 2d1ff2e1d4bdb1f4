import { defineStatement } from '../../../database/statement';
import { inTransitSql } from '../../stock/persistence/in-transit.sql';

export interface ValuationRow {
  product_id: string;
  sku: string;
  name: string;
  quantity: string;
  average_cost: string;
  value: string;
}

/**
 * GET /reports/inventory-valuation: each product of business $1 with stock, its quantity over every
 * warehouse and in transit, its average cost and value = round(quantity x average cost), by value
 * descending. One aggregate over the business's stock levels (one row per product and warehouse) and
 * its open transfers.
 */
export const inventoryValuation = defineStatement<[businessId: string], ValuationRow>(
  'analytics.inventoryValuation',
  `SELECT p.id AS product_id, p.sku, p.name, s.quantity::text AS quantity, p.average_cost::text AS average_cost,
          round(s.quantity * p.average_cost, 2)::text AS value
     FROM (SELECT product_id, sum(qty) AS quantity FROM (
             SELECT product_id, quantity AS qty FROM stock_levels WHERE business_id = $1
             UNION ALL
             SELECT product_id, qty FROM (${inTransitSql()}) transit
           ) held GROUP BY product_id HAVING sum(qty) > 0) s
     JOIN products p ON p.business_id = $1 AND p.id = s.product_id
    ORDER BY round(s.quantity * p.average_cost, 2) DESC, p.name, p.id`,
);
