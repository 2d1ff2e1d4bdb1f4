import { defineStatement } from '../../../database/statement';
import type { LevelRow } from './level-row';

export interface CountedLevelRow extends LevelRow {
  /** the stock in the warehouse at posting time */
  actual: string;
  /** what the request expected, null when it did not say */
  expected: string | null;
  counted: string;
  /** false when some expected quantity was not the stock: then nothing was written */
  applied: boolean;
}

/**
 * Count $3 of warehouse $2 ($4..$6: product, counted and expected quantity, one line per product; the
 * products' stock locks held, so the levels read here are the ones written). All or nothing: when
 * every expected quantity (where given) is the stock, each level becomes the counted quantity
 * (created when missing) with a `count` movement of the difference (none when 0); otherwise nothing
 * is written. One row per product, in product order, with the level-crossing inputs.
 */
export const applyStockCount = defineStatement<
  [businessId: string, warehouseId: string, countId: string, productIds: string[], counted: string[], expected: (string | null)[]],
  CountedLevelRow
>(
  'stock.applyCount',
  `
  WITH lines AS (
    SELECT * FROM unnest($4::uuid[], $5::numeric[], $6::numeric[]) AS l(product_id, counted, expected)
  ), cur AS MATERIALIZED (
    SELECT l.product_id, l.counted, l.expected, COALESCE(s.quantity, 0) AS actual
      FROM lines l LEFT JOIN stock_levels s ON s.business_id = $1 AND s.warehouse_id = $2 AND s.product_id = l.product_id
  ), verdict AS (
    SELECT NOT EXISTS (SELECT 1 FROM cur WHERE expected IS NOT NULL AND expected <> actual) AS applied
  ), changed AS (
    SELECT cur.* FROM cur, verdict WHERE verdict.applied AND cur.counted <> cur.actual
  ), upd AS (
    INSERT INTO stock_levels (business_id, warehouse_id, product_id, quantity)
    SELECT $1, $2, product_id, counted FROM changed ORDER BY product_id
    ON CONFLICT (business_id, warehouse_id, product_id) DO UPDATE SET quantity = EXCLUDED.quantity, updated_at = EXCLUDED.updated_at
    RETURNING product_id
  ), mv AS (
    INSERT INTO stock_movements (business_id, product_id, warehouse_id, type, quantity, quantity_after, count_id)
    SELECT $1, product_id, $2, 'count', counted - actual, counted, $3 FROM changed ORDER BY product_id
  ), others AS (
    SELECT product_id, sum(quantity) AS qty FROM stock_levels
     WHERE business_id = $1 AND warehouse_id <> $2 AND product_id IN (SELECT product_id FROM lines)
     GROUP BY product_id
  )
  SELECT cur.product_id, cur.actual, cur.expected, cur.counted, verdict.applied, p.name, p.sku, p.min_stock,
         CASE WHEN verdict.applied THEN cur.counted - cur.actual ELSE 0 END AS delta,
         CASE WHEN verdict.applied THEN cur.counted ELSE cur.actual END + COALESCE(others.qty, 0) AS total_after
    FROM cur CROSS JOIN verdict
    JOIN products p ON p.business_id = $1 AND p.id = cur.product_id
    LEFT JOIN others ON others.product_id = cur.product_id
   ORDER BY cur.product_id`,
);
