/**
 * The goods in transit of each product of business $1 (of `products`, an SQL set of ids, when given):
 * shipped by open transfers, in no warehouse yet. The one definition: a product's on-hand stock for
 * its average cost and its valuation include them (docs/api.md 13), products show them.
 */
export function inTransitSql(products?: string): string {
  return `SELECT ti.product_id, sum(ti.quantity) AS qty
            FROM transfers t JOIN transfer_items ti ON ti.business_id = t.business_id AND ti.transfer_id = t.id
           WHERE t.business_id = $1 AND t.status = 'in_transit'${products ? ` AND ti.product_id IN (${products})` : ''}
           GROUP BY ti.product_id`;
}
