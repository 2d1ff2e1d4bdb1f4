import { defineStatement } from '../../../database/statement';
import { EntryRow, enterStockSql } from './stock-entry.sql';

/**
 * The lines of goods receipt $2 ($3..$6: warehouse, product, quantity and unit cost per line) into
 * stock, one `receipt` movement per warehouse and product, at the lines' cost (weighted by quantity
 * when one product arrives on several lines, to 4 decimals).
 */
export const receiveStock = defineStatement<
  [businessId: string, receiptId: string, warehouseIds: string[], productIds: string[], quantities: string[], unitCosts: string[]],
  EntryRow
>(
  'stock.receive',
  enterStockSql(
    `SELECT warehouse_id, product_id, sum(qty) AS qty, round(sum(qty * cost) / sum(qty), 4) AS cost
       FROM unnest($3::uuid[], $4::uuid[], $5::numeric[], $6::numeric[]) AS l(warehouse_id, product_id, qty, cost)
      GROUP BY warehouse_id, product_id`,
    'receipt',
    { receiptId: '$2::uuid' },
  ),
);
