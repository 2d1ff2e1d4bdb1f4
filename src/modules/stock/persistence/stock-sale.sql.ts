import { defineStatement } from '../../../database/statement';
import type { LevelRow } from './level-row';
import { EntryRow, enterStockSql } from './stock-entry.sql';

/**
 * The two set-based statements of a sale's stock, each one round trip. Rows are locked in
 * product-id order (the order every stock write takes), so concurrent sales cannot deadlock.
 */

export interface TakenLevelRow extends LevelRow {
  /** the product's average cost, read after its stock lock: the cost a sale's lines record */
  average_cost: string;
  requested: string;
  available: string | null;
  after: string | null;
}

/**
 * Takes lines from one warehouse: $1 business, $2 warehouse, $3..$5 the lines (line_no, product_id,
 * quantity), $6 the document (`link`, a column of stock_movements). Locks the levels, decrements only
 * where enough is left (a product on several lines is checked on its sum), writes one `type`
 * movement per line with the quantity after it. One row per product: `after` is null where the stock
 * was short (nothing of the document may then commit), with requested, available, the product's
 * average cost and the level-crossing inputs (LevelRow).
 *
 * Run on its generic plan (Tx.runOnGenericPlan): left to choose, PostgreSQL planned it on every run,
 * and planning cost more than running it (0.86 ms of planning, 0.81 of execution, measured with
 * pg_stat_statements under the orders bench). A connection keeps that plan while the catalog grows,
 * so every row is reached by a probe of its key, whatever the plan was made on: each product's
 * level, other warehouses' levels and product row through a LATERAL subquery (`OFFSET 0` keeps it
 * one), the update through the locked rows' ctid, under the probe settings of runOnGenericPlan. With
 * `= ANY ($4)` and joins instead, a plan made on 1,000 products scanned them and the warehouse's
 * levels (the cheaper plan at that size) and kept doing so at 50,000: 463 -> 82 orders/s. On Citus
 * the update reaches the locked rows by their key instead (`byKey`): Citus runs a statement with an
 * INSERT among its CTEs CTE by CTE, and refuses a ctid there. The ctid update names nothing else: with
 * `business_id = $1` beside the ctid the planner walked the business's levels by index instead of a Tid
 * Scan (test/stock-take-plan.e2e-spec.ts).
 */
function takeStockSql(type: 'sale' | 'transfer_out', link: 'sale_id' | 'transfer_id', byKey = false): string {
  return `
  WITH lines AS (
    SELECT * FROM unnest($3::int[], $4::uuid[], $5::numeric[]) AS l(line_no, product_id, qty)
  ), req AS (
    SELECT product_id, sum(qty) AS qty FROM lines GROUP BY product_id
  ), locked AS MATERIALIZED (
    SELECT s.row_id, s.product_id, s.quantity FROM (SELECT product_id FROM req ORDER BY product_id) r CROSS JOIN LATERAL (
      SELECT ${byKey ? 's.product_id' : 's.ctid'} AS row_id, s.product_id, s.quantity FROM stock_levels s
       WHERE s.business_id = $1 AND s.warehouse_id = $2 AND s.product_id = r.product_id OFFSET 0
    ) s
     ORDER BY s.product_id${byKey ? '' : ' FOR UPDATE OF s'}
  ), upd AS (
    UPDATE stock_levels s SET quantity = s.quantity - req.qty, updated_at = now()
      FROM req JOIN locked ON locked.product_id = req.product_id
     WHERE ${byKey ? 's.business_id = $1 AND s.warehouse_id = $2 AND s.product_id = locked.product_id' : 's.ctid = locked.row_id'} AND s.quantity >= req.qty
    RETURNING s.product_id, s.quantity
  ), mv AS (
    INSERT INTO stock_movements (business_id, product_id, warehouse_id, type, quantity, quantity_after, ${link})
    SELECT $1, l.product_id, $2, '${type}', -l.qty,
           upd.quantity + sum(l.qty) OVER (PARTITION BY l.product_id)
                        - sum(l.qty) OVER (PARTITION BY l.product_id ORDER BY l.line_no),
           $6
      FROM lines l JOIN upd ON upd.product_id = l.product_id
  ), others AS (
    SELECT req.product_id, sum(o.quantity) AS qty FROM req CROSS JOIN LATERAL (
      SELECT quantity FROM stock_levels WHERE business_id = $1 AND product_id = req.product_id AND warehouse_id <> $2 OFFSET 0
    ) o
     GROUP BY req.product_id
  )
  SELECT req.product_id, req.qty AS requested, locked.quantity AS available, upd.quantity AS after,
         p.name, p.sku, p.min_stock, p.average_cost, upd.quantity + COALESCE(others.qty, 0) AS total_after, -req.qty AS delta
    FROM req
    CROSS JOIN LATERAL (SELECT * FROM products p WHERE p.business_id = $1 AND p.id = req.product_id OFFSET 0) p
    LEFT JOIN locked ON locked.product_id = req.product_id
    LEFT JOIN upd ON upd.product_id = req.product_id
    LEFT JOIN others ON others.product_id = req.product_id
   ORDER BY req.product_id`;
}

type TakeStockParams = [businessId: string, warehouseId: string, lineNos: number[], productIds: string[], quantities: string[], documentId: string];

/** A sale's lines out of its warehouse ($6 the sale), `sale` movements; the rows carry the cost its lines record. */
export const deductStockForSale = defineStatement<TakeStockParams, TakenLevelRow>('stock.deductForSale', takeStockSql('sale', 'sale_id'), {
  citusText: takeStockSql('sale', 'sale_id', true),
});

/** A transfer's lines out of its source warehouse ($6 the transfer), `transfer_out` movements. */
export const shipTransferStock = defineStatement<TakeStockParams, TakenLevelRow>('stock.shipTransfer', takeStockSql('transfer_out', 'transfer_id'), {
  citusText: takeStockSql('transfer_out', 'transfer_id', true),
});

/**
 * Puts back what sale $2 of business $1 took and its returns have not, to the sale's warehouse, one
 * `cancel` movement per product (a cancellation), at the cost its lines recorded (one per product:
 * a sale takes a product's lines at one average cost).
 */
export const returnStockForSale = defineStatement<[businessId: string, saleId: string], EntryRow>(
  'stock.returnForSale',
  enterStockSql(
    `SELECT s.warehouse_id, i.product_id, sum(i.quantity - i.returned_quantity) AS qty, max(i.unit_cost) AS cost
       FROM sales s JOIN sale_items i ON i.business_id = $1 AND i.sale_id = s.id
      WHERE s.business_id = $1 AND s.id = $2
      GROUP BY s.warehouse_id, i.product_id
     HAVING sum(i.quantity - i.returned_quantity) > 0`,
    'cancel',
    { saleId: '$2::uuid' },
  ),
  { plannedPerRun: true },
);

/**
 * Puts back the restocked lines of return $3 of sale $2 ($4..$7: warehouse, product, quantity and the
 * sale line's unit cost per line), one `return` movement per warehouse and product.
 */
export const restockForReturn = defineStatement<
  [businessId: string, saleId: string, returnId: string, warehouseIds: string[], productIds: string[], quantities: string[], unitCosts: string[]],
  EntryRow
>(
  'stock.restockForReturn',
  enterStockSql(
    `SELECT warehouse_id, product_id, sum(qty) AS qty, max(cost) AS cost
       FROM unnest($4::uuid[], $5::uuid[], $6::numeric[], $7::numeric[]) AS l(warehouse_id, product_id, qty, cost)
      GROUP BY warehouse_id, product_id`,
    'return',
    { saleId: '$2::uuid', returnId: '$3::uuid' },
  ),
);
