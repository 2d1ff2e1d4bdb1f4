import { defineStatement } from '../../../database/statement';
import { inTransitSql } from '../../stock/persistence/in-transit.sql';

/** A product's stock in one warehouse as its row carries it: the warehouse, and the quantity as text. */
export type WarehouseStockTuple = [warehouseId: string, warehouseName: string, quantity: string];

/** What productStockColumns adds to a product's row. */
export interface ProductStockColumns {
  /** null for a business without warehouses */
  stock_by_warehouse: WarehouseStockTuple[] | null;
  in_transit: string;
  on_order: string;
}

/**
 * What submitted purchase orders (`ordered`, `partially_received`) of business $1 still bring of
 * product `productId` (an SQL expression): ordered minus received, as text, '0' when nothing. The
 * product's purchase order lines through purchase_order_items_product_idx, each line's order by its
 * key: a page of products costs its products' lines, not the business's orders.
 */
export function onOrderSql(productId: string): string {
  return `SELECT coalesce(sum(poi.quantity - poi.received_quantity), 0)::text
            FROM purchase_order_items poi
            JOIN purchase_orders po ON po.business_id = poi.business_id AND po.id = poi.purchase_order_id
           WHERE poi.business_id = $1 AND poi.product_id = ${productId} AND po.status IN ('ordered', 'partially_received')`;
}

/**
 * The columns `stock_by_warehouse`, `in_transit` and `on_order` of product `productId` (an SQL expression) of
 * business $1: its stock in every warehouse of the business, default warehouse first, then by name,
 * '0' where it has no stock row, as one JSON array (numerics as text: JSON numbers would be read as
 * doubles); and what open transfers carry of it, in no warehouse yet; and what submitted purchase orders still bring (onOrderSql). In the row of the product, so
 * that the statement reading a page of products reads their stock too (one statement a page), and
 * evaluated on the rows of the page only: put in the outer query, after the LIMIT and OFFSET.
 */
export function productStockColumns(productId: string): string {
  return `(SELECT json_agg(json_build_array(w.id, w.name, coalesce(sl.quantity::text, '0')) ORDER BY w.is_default DESC, lower(w.name), w.id)
             FROM warehouses w
             LEFT JOIN stock_levels sl ON sl.business_id = w.business_id AND sl.warehouse_id = w.id AND sl.product_id = ${productId}
            WHERE w.business_id = $1) AS stock_by_warehouse,
          coalesce((SELECT transit.qty::text FROM (${inTransitSql(`SELECT ${productId}`)}) transit), '0') AS in_transit,
          (${onOrderSql(productId)}) AS on_order`;
}

/**
 * The stock columns of products $2 of business $1, one row per product: for the products read by the
 * entity query (a filtered page, one product).
 */
export const productStock = defineStatement<[businessId: string, productIds: string[]], ProductStockColumns & { product_id: string }>(
  'products.stock',
  `SELECT listed.id AS product_id, ${productStockColumns('listed.id')} FROM unnest($2::uuid[]) AS listed(id)`,
);
