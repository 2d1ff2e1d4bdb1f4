import { CombinedStatement } from '../../../../database/combined-statement';

/** A product of a quote: its stock in the order's warehouse and its average cost, both as text. */
export interface QuoteStockRow {
  product_id: string;
  available: string;
  average_cost: string;
}

/**
 * A SELECT column of the quote's statement: for each product of the business among `productIds`,
 * its stock in the warehouse `warehouseSql` names (0 without a level) and its average cost (what the
 * order's lines would cost), read without a lock: a quote holds nothing.
 */
export function quoteStockColumn(stmt: CombinedStatement, businessId: string, productIds: string[], warehouseSql: string): string {
  const biz = stmt.param(businessId, 'uuid');
  return `(SELECT json_agg(json_build_object('product_id', p.id, 'available', COALESCE(l.quantity, 0)::text, 'average_cost', p.average_cost::text))
             FROM (SELECT DISTINCT unnest(${stmt.param(productIds, 'uuid[]')}) AS id) wanted
            CROSS JOIN LATERAL (SELECT p.id, p.average_cost FROM products p WHERE p.business_id = ${biz} AND p.id = wanted.id OFFSET 0) p
             LEFT JOIN LATERAL (SELECT s.quantity FROM stock_levels s
                                 WHERE s.business_id = ${biz} AND s.warehouse_id = ${warehouseSql} AND s.product_id = p.id OFFSET 0) l ON true)`;
}
