import { MovementType } from '../movement-types';

/** What a movement entering stock points at, as SQL expressions (parameters); absent ones are null. */
export interface EntryLinks {
  saleId?: string;
  returnId?: string;
  receiptId?: string;
}

/**
 * Goods entering stock: `source` is a CTE body of (warehouse_id, product_id, qty > 0), one row per
 * pair; each pair's level grows (created when missing) in product order, with one movement of `type`
 * linked as `links` say ($1 is the business). One row per product with the level-crossing inputs
 * (LevelRow of stock-sale.sql.ts), the product's total over every warehouse after it.
 */
export function enterStockSql(source: string, type: MovementType, links: EntryLinks): string {
  const link = (sql: string | undefined) => sql ?? 'NULL::uuid';
  return `
  WITH back AS (${source}), upd AS (
    INSERT INTO stock_levels (business_id, warehouse_id, product_id, quantity)
    SELECT $1, warehouse_id, product_id, qty FROM back ORDER BY product_id, warehouse_id
    ON CONFLICT (business_id, warehouse_id, product_id)
    DO UPDATE SET quantity = stock_levels.quantity + EXCLUDED.quantity, updated_at = now()
    RETURNING warehouse_id, product_id, quantity
  ), mv AS (
    INSERT INTO stock_movements (business_id, product_id, warehouse_id, type, quantity, quantity_after, sale_id, return_id, receipt_id)
    SELECT $1, back.product_id, back.warehouse_id, '${type}', back.qty, upd.quantity, ${link(links.saleId)}, ${link(links.returnId)}, ${link(links.receiptId)}
      FROM back JOIN upd USING (warehouse_id, product_id)
  ), others AS (
    SELECT s.product_id, sum(s.quantity) AS qty FROM stock_levels s
     WHERE s.business_id = $1 AND s.product_id IN (SELECT product_id FROM back)
       AND NOT EXISTS (SELECT 1 FROM back x WHERE x.product_id = s.product_id AND x.warehouse_id = s.warehouse_id)
     GROUP BY s.product_id
  )
  SELECT upd.product_id, p.name, p.sku, p.min_stock, sum(back.qty) AS delta,
         sum(upd.quantity) + COALESCE(max(others.qty), 0) AS total_after
    FROM upd JOIN back USING (warehouse_id, product_id)
    JOIN products p ON p.id = upd.product_id AND p.business_id = $1
    LEFT JOIN others ON others.product_id = upd.product_id
   GROUP BY upd.product_id, p.name, p.sku, p.min_stock`;
}
