import { CombinedStatement, StatementPart } from '../../../database/combined-statement';
import { LockRank } from '../../../database/lock-order';
import { defineStatement } from '../../../database/statement';

/** The advisory-lock class of product stock (two-int keys: a space of their own). */
const PRODUCT_STOCK_LOCK_CLASS = 15;

/**
 * LockRank.ProductStock: a transaction-scoped advisory lock per product of `products` (an SQL set of
 * ids) of a business, keyed by the hash of its id and taken in key order (the one order of all its
 * takers). An advisory lock is a lock-table entry only: no tuple is written and the products row is
 * not blocked for its own updates. Two products sharing a hash only share a lock. The count makes
 * PostgreSQL take every lock before the query gives its one row, whoever reads it. The business
 * filter sits on the products probe itself, so that on Citus the statement routes to that business's shard.
 */
function lockProductsSql(businessId: string, products: string): string {
  return `SELECT count(*)::int AS locked FROM (
            SELECT pg_advisory_xact_lock(${PRODUCT_STOCK_LOCK_CLASS}, k) FROM (
              SELECT DISTINCT hashtext(p.id::text) AS k FROM (${products}) wanted(id)
               CROSS JOIN LATERAL (SELECT p.id FROM products p WHERE p.business_id = ${businessId} AND p.id = wanted.id OFFSET 0) p
               ORDER BY 1
            ) keys
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
  { plannedPerRun: true },
);

/** The stock locks of `productIds` as part `stock.productLocks` of a larger statement (an order's first). */
export function addProductStockLocks(stmt: CombinedStatement, businessId: string, productIds: string[]): StatementPart {
  const products = `SELECT unnest(${stmt.param(productIds, 'uuid[]')})`;
  return stmt.add('stock.productLocks', lockProductsSql(stmt.param(businessId, 'uuid'), products), { lock: LockRank.ProductStock });
}
