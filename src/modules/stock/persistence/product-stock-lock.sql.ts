import { CombinedStatement, StatementPart } from '../../../database/combined-statement';
import { LockRank } from '../../../database/lock-order';
import { defineStatement } from '../../../database/statement';

/**
 * LockRank.ProductStock: the products rows of `products` (an SQL set of ids) of a business, FOR NO
 * KEY UPDATE (foreign-key checks, FOR KEY SHARE, are not blocked) in id order. The count makes
 * PostgreSQL lock every row before the query gives its one row, whoever reads it.
 */
function lockProductsSql(businessId: string, products: string): string {
  return `SELECT count(*)::int AS locked FROM (
            SELECT id FROM products WHERE business_id = ${businessId} AND id IN (${products}) ORDER BY id FOR NO KEY UPDATE
          ) l`;
}

/** The stock locks of products $2 of business $1, as a statement of its own. */
export const lockProductStock = defineStatement<[businessId: string, productIds: string[]], { locked: number }>(
  'stock.lockProductStock',
  lockProductsSql('$1', 'SELECT unnest($2::uuid[])'),
);

/** The stock locks of the products sale $2 of business $1 took stock of. */
export const lockSaleProductStock = defineStatement<[businessId: string, saleId: string], { locked: number }>(
  'stock.lockSaleProductStock',
  lockProductsSql('$1', `SELECT product_id FROM stock_movements WHERE business_id = $1 AND sale_id = $2`),
);

/** The stock locks of `productIds` as part `stock.productLocks` of a larger statement (an order's first). */
export function addProductStockLocks(stmt: CombinedStatement, businessId: string, productIds: string[]): StatementPart {
  const products = `SELECT unnest(${stmt.param(productIds, 'uuid[]')})`;
  return stmt.add('stock.productLocks', lockProductsSql(stmt.param(businessId, 'uuid'), products), { lock: LockRank.ProductStock });
}
