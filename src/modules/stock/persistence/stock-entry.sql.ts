import { MAX_QUANTITY, quantityString } from '../../../common/money/money';
import { MovementType } from '../movement-types';
import { inTransitSql } from './in-transit.sql';
import type { LevelRow } from './level-row';

/**
 * A row of a stock entry: a product whose stock changed (LevelRow, `over_limit_in` null), or, when
 * the entry was refused and wrote nothing, a level it would have taken past the limit: its warehouse
 * in `over_limit_in`, the quantity that would have entered it in `delta` (the LevelRow columns null).
 */
export interface EntryRow extends LevelRow {
  over_limit_in: string | null;
}

/** What a movement entering stock points at, as SQL expressions (parameters); absent ones are null. */
export interface EntryLinks {
  saleId?: string;
  returnId?: string;
  receiptId?: string;
  transferId?: string;
}

/** The limit of a level as an SQL literal, from the one constant the validators and adjustments use too. */
const LEVEL_LIMIT = `${quantityString(MAX_QUANTITY)}::numeric`;

/**
 * Goods entering stock: `source` is a CTE body of (warehouse_id, product_id, qty > 0, cost), one row
 * per pair; each pair's level grows (created when missing) in product order, with one movement of
 * `type` at `cost` (null: goods moving at the current average), linked as `links` say ($1 is the
 * business). The product's average cost then folds in the movements just written, in their order,
 * from its on-hand stock before them, goods in transit included (moving_average_cost, the rule `cli
 * verify` replays). One row per product with the level-crossing
 * inputs (LevelRow of level-row.ts), the product's total over every warehouse after it.
 *
 * All or nothing at the limit (MAX_QUANTITY, what a numeric(14,3) level holds): when some pair's
 * level plus what enters it would pass it, nothing is written and the rows are those pairs instead
 * (EntryRow), so the caller answers STOCK_LIMIT naming them, with no second round trip and no
 * numeric overflow to roll back. The levels are read in the statement's snapshot, which holds every
 * change of them: the caller holds the products' stock locks, taken in an earlier statement. Each
 * level is reached by a probe of its key (a correlated subquery), whatever the generic plan.
 */
export function enterStockSql(source: string, type: MovementType, links: EntryLinks): string {
  const link = (sql: string | undefined) => sql ?? 'NULL::uuid';
  return `
  WITH back AS (${source}), over AS MATERIALIZED (
    SELECT b.warehouse_id, b.product_id, b.qty FROM back b
     WHERE b.qty + COALESCE((SELECT s.quantity FROM stock_levels s
                              WHERE s.business_id = $1 AND s.warehouse_id = b.warehouse_id AND s.product_id = b.product_id), 0) > ${LEVEL_LIMIT}
  ), upd AS (
    INSERT INTO stock_levels (business_id, warehouse_id, product_id, quantity)
    SELECT $1, warehouse_id, product_id, qty FROM back WHERE NOT EXISTS (SELECT 1 FROM over) ORDER BY product_id, warehouse_id
    ON CONFLICT (business_id, warehouse_id, product_id)
    DO UPDATE SET quantity = stock_levels.quantity + EXCLUDED.quantity, updated_at = EXCLUDED.updated_at
    RETURNING warehouse_id, product_id, quantity
  ), mv AS (
    INSERT INTO stock_movements (business_id, product_id, warehouse_id, type, quantity, quantity_after, unit_cost, sale_id, return_id, receipt_id, transfer_id)
    SELECT $1, back.product_id, back.warehouse_id, '${type}', back.qty, upd.quantity, back.cost, ${link(links.saleId)}, ${link(links.returnId)}, ${link(links.receiptId)}, ${link(links.transferId)}
      FROM back JOIN upd USING (warehouse_id, product_id)
     ORDER BY back.product_id, back.warehouse_id
    RETURNING product_id, quantity, unit_cost, seq
  ), others AS (
    SELECT s.product_id, sum(s.quantity) AS qty FROM stock_levels s
     WHERE s.business_id = $1 AND s.product_id IN (SELECT product_id FROM back)
       AND NOT EXISTS (SELECT 1 FROM back x WHERE x.product_id = s.product_id AND x.warehouse_id = s.warehouse_id)
     GROUP BY s.product_id
  ), totals AS (
    SELECT upd.product_id, sum(back.qty) AS delta, sum(upd.quantity) + COALESCE(max(others.qty), 0) AS total_after
      FROM upd JOIN back USING (warehouse_id, product_id)
      LEFT JOIN others ON others.product_id = upd.product_id
     GROUP BY upd.product_id
  ), transit AS (
    ${inTransitSql('SELECT product_id FROM back')}
  ), costed AS (
    UPDATE products p SET average_cost = c.average
      FROM (SELECT m.product_id,
                   moving_average_cost(t.total_after - t.delta + COALESCE(tr.qty, 0), pp.average_cost, m.quantity, m.unit_cost ORDER BY m.seq) AS average
              FROM mv m JOIN totals t USING (product_id) JOIN products pp ON pp.business_id = $1 AND pp.id = m.product_id
              LEFT JOIN transit tr ON tr.product_id = m.product_id
             GROUP BY m.product_id) c
     WHERE p.business_id = $1 AND p.id = c.product_id AND p.average_cost <> c.average
  )
  SELECT t.product_id, p.name, p.sku, p.min_stock, t.delta, t.total_after, NULL::uuid AS over_limit_in
    FROM totals t JOIN products p ON p.id = t.product_id AND p.business_id = $1
  UNION ALL
  SELECT o.product_id, NULL, NULL, NULL, o.qty, NULL, o.warehouse_id FROM over o
   ORDER BY 1, 7`;
}
