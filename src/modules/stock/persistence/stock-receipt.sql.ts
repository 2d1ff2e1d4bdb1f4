import { defineStatement } from '../../../database/statement';
import { enterStockSql } from './stock-entry.sql';
import type { LevelRow } from './stock-sale.sql';

/**
 * The lines of goods receipt $2 ($3..$5: warehouse, product, quantity per line) into stock, one
 * `receipt` movement per warehouse and product.
 */
export const receiveStock = defineStatement<
  [businessId: string, receiptId: string, warehouseIds: string[], productIds: string[], quantities: string[]],
  LevelRow
>(
  'stock.receive',
  enterStockSql(
    `SELECT warehouse_id, product_id, sum(qty) AS qty
       FROM unnest($3::uuid[], $4::uuid[], $5::numeric[]) AS l(warehouse_id, product_id, qty)
      GROUP BY warehouse_id, product_id`,
    'receipt',
    { receiptId: '$2::uuid' },
  ),
);
