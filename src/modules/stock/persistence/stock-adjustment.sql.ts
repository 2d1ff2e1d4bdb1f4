import { defineStatement } from '../../../database/statement';
import { StockMovement } from '../entities/stock-movement.entity';
import { LevelRow } from './level-row';

/** A row of the movement ledger as the adjustment statement returns it. */
export interface MovementRow {
  id: string;
  business_id: string;
  product_id: string;
  warehouse_id: string;
  type: string;
  quantity: string;
  quantity_after: string;
  reason: string | null;
  note: string | null;
  sale_id: string | null;
  created_at: Date;
}

/** The movement entity of a row. */
export function movementOf(row: MovementRow): StockMovement {
  return Object.assign(new StockMovement(), {
    id: row.id,
    businessId: row.business_id,
    productId: row.product_id,
    warehouseId: row.warehouse_id,
    type: row.type,
    quantity: row.quantity,
    quantityAfter: row.quantity_after,
    reason: row.reason,
    note: row.note,
    saleId: row.sale_id,
    createdAt: row.created_at,
  });
}

/** Product $2 and warehouse $3 when they are business $1's (null otherwise). */
export const adjustmentReferences = defineStatement<
  [businessId: string, productId: string, warehouseId: string],
  { product: string | null; warehouse: string | null }
>(
  'stock.adjustmentReferences',
  `SELECT (SELECT id FROM products WHERE business_id = $1 AND id = $2) AS product,
          (SELECT id FROM warehouses WHERE business_id = $1 AND id = $3) AS warehouse`,
);

/**
 * Adds $4 (> 0) to the level of product $3 in warehouse $2, creating it when missing, unless the
 * level would pass $5, the largest a level holds (no row then): the level after.
 */
export const increaseLevel = defineStatement<
  [businessId: string, warehouseId: string, productId: string, quantity: string, maxLevel: string],
  { quantity: string }
>(
  'stock.increaseLevel',
  `INSERT INTO stock_levels (business_id, warehouse_id, product_id, quantity) VALUES ($1, $2, $3, $4)
   ON CONFLICT (business_id, warehouse_id, product_id)
   DO UPDATE SET quantity = stock_levels.quantity + EXCLUDED.quantity, updated_at = EXCLUDED.updated_at
   WHERE stock_levels.quantity + EXCLUDED.quantity <= $5::numeric
   RETURNING quantity`,
);

/** Takes $4 (> 0) from the level only where that much is there (no row otherwise): the level after. */
export const decreaseLevel = defineStatement<[businessId: string, warehouseId: string, productId: string, quantity: string], { quantity: string }>(
  'stock.decreaseLevel',
  `UPDATE stock_levels SET quantity = quantity - $4, updated_at = now()
    WHERE business_id = $1 AND warehouse_id = $2 AND product_id = $3 AND quantity >= $4
   RETURNING quantity`,
);

/**
 * The `adjustment` movement of product $2 in warehouse $3 (quantity $4, level after $5, reason $6,
 * note $7), with the level-crossing inputs and `others`, the product's stock in other warehouses.
 */
export const writeAdjustment = defineStatement<
  [businessId: string, productId: string, warehouseId: string, quantity: string, quantityAfter: string, reason: string, note: string | null],
  MovementRow & Omit<LevelRow, 'total_after'> & { others: string | null }
>(
  'stock.writeAdjustment',
  `WITH mv AS (
     INSERT INTO stock_movements (business_id, product_id, warehouse_id, type, quantity, quantity_after, reason, note)
     VALUES ($1, $2, $3, 'adjustment', $4, $5, $6, $7)
     RETURNING *
   )
   SELECT mv.*, p.name, p.sku, p.min_stock, $4::numeric AS delta,
          (SELECT sum(quantity) FROM stock_levels WHERE business_id = $1 AND product_id = $2 AND warehouse_id <> $3) AS others
     FROM mv JOIN products p ON p.id = mv.product_id AND p.business_id = $1`,
);

/** The business's default warehouse. */
export const readDefaultWarehouse = defineStatement<[businessId: string], { id: string }>(
  'stock.defaultWarehouse',
  `SELECT id FROM warehouses WHERE business_id = $1 AND is_default`,
);
