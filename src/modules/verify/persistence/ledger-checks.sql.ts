import { defineStatement, Statement } from '../../../database/statement';

/**
 * The ledger checks of `cli verify`, each ONE aggregate statement over a whole
 * table (hash aggregates and joins, no per-row round trips), so they run on millions of rows.
 * $1 is the business to check, or null for all; $2 caps the drift rows returned (the count is exact).
 */
export type LedgerCheckParams = [businessId: string | null, maxDriftRows: number];

/** One row per check. */
export interface LedgerCheckRow {
  /** rows examined (bigint, as a string) */
  checked: string;
  /** drifting rows, all of them (bigint, as a string) */
  drift_count: string;
  /** the first $2 drifting rows: kind, keys, expected, actual; keys a kind does not use are null */
  drift: Record<string, unknown>[];
}

export type LedgerCheck = Statement<LedgerCheckParams, LedgerCheckRow>;

const scoped = (alias: string) => `($1::uuid IS NULL OR ${alias}.business_id = $1::uuid)`;

function result(checkedSql: string, driftOrder: string): string {
  return `SELECT (${checkedSql})::bigint AS checked,
                 (SELECT count(*) FROM drift)::bigint AS drift_count,
                 (SELECT coalesce(json_agg(d), '[]'::json) FROM (SELECT * FROM drift ORDER BY ${driftOrder} LIMIT $2) d) AS drift`;
}

/** Every stock level equals the sum of its signed movements (stock enters and leaves only through them). */
export const stockLevels: LedgerCheck = defineStatement(
  'verify.stockLevels',
  `WITH ledger AS (
     SELECT m.business_id, m.warehouse_id, m.product_id, sum(m.quantity) AS qty
       FROM stock_movements m WHERE ${scoped('m')}
      GROUP BY m.business_id, m.warehouse_id, m.product_id
   ), cmp AS MATERIALIZED (
     SELECT business_id, warehouse_id, product_id, coalesce(ledger.qty, 0) AS expected, coalesce(l.quantity, 0) AS actual
       FROM (SELECT * FROM stock_levels s WHERE ${scoped('s')}) l
       FULL JOIN ledger USING (business_id, warehouse_id, product_id)
   ), drift AS (
     SELECT 'stock_level' AS kind, business_id, warehouse_id, product_id, expected, actual FROM cmp WHERE expected <> actual
   )
   ${result('SELECT count(*) FROM cmp', 'business_id, warehouse_id, product_id')}`,
);

/**
 * Every loyalty account equals its ledger: balance = sum of points; lifetime_earned = points earned
 * net of reversals (a cancelled order takes back what it earned); lifetime_redeemed = points redeemed.
 */
export const loyaltyAccounts: LedgerCheck = defineStatement(
  'verify.loyaltyAccounts',
  `WITH ledger AS (
     SELECT t.business_id, t.customer_id, sum(t.points) AS balance,
            coalesce(sum(t.points) FILTER (WHERE t.type IN ('earn', 'reverse')), 0) AS earned,
            coalesce(-sum(t.points) FILTER (WHERE t.type = 'redeem'), 0) AS redeemed
       FROM loyalty_transactions t WHERE ${scoped('t')}
      GROUP BY t.business_id, t.customer_id
   ), cmp AS MATERIALIZED (
     SELECT business_id, customer_id,
            coalesce(ledger.balance, 0) AS e_balance, coalesce(a.balance, 0) AS a_balance,
            coalesce(ledger.earned, 0) AS e_earned, coalesce(a.lifetime_earned, 0) AS a_earned,
            coalesce(ledger.redeemed, 0) AS e_redeemed, coalesce(a.lifetime_redeemed, 0) AS a_redeemed
       FROM (SELECT * FROM loyalty_accounts x WHERE ${scoped('x')}) a
       FULL JOIN ledger USING (business_id, customer_id)
   ), drift AS (
     SELECT 'loyalty_balance' AS kind, business_id, customer_id, e_balance AS expected, a_balance AS actual FROM cmp WHERE e_balance <> a_balance
     UNION ALL
     SELECT 'loyalty_lifetime_earned', business_id, customer_id, e_earned, a_earned FROM cmp WHERE e_earned <> a_earned
     UNION ALL
     SELECT 'loyalty_lifetime_redeemed', business_id, customer_id, e_redeemed, a_redeemed FROM cmp WHERE e_redeemed <> a_redeemed
   )
   ${result('SELECT count(*) FROM cmp', 'business_id, customer_id, kind')}`,
);

/**
 * Every line total is quantity x unit_price - discount, to the cent (PostgreSQL rounds numeric half
 * away from zero, like roundMoney).
 */
export const orderLines: LedgerCheck = defineStatement(
  'verify.orderLines',
  `WITH drift AS (
     SELECT 'order_item_total' AS kind, i.business_id, i.sale_id AS order_id, i.id AS item_id, i.line_no,
            round(i.quantity * i.unit_price - i.discount, 2) AS expected, i.total AS actual
       FROM sale_items i
      WHERE ${scoped('i')} AND i.total <> round(i.quantity * i.unit_price - i.discount, 2)
   )
   ${result('SELECT 0', 'business_id, order_id, line_no')}`,
);

/**
 * Every order's subtotal is the sum of its line totals and its total is subtotal + tax + shipping
 * - discount. A completed or cancelled order has lines, one `sale` movement quantity per product
 * equal to what its lines sold, and an income transaction of its total (a cancellation adds a
 * refund and `cancel` movements; it removes nothing). A cancelled order has refunds of its total,
 * a completed one none.
 */
export const orders: LedgerCheck = defineStatement(
  'verify.orders',
  `WITH sales_in AS MATERIALIZED (
     SELECT id, business_id, status, subtotal, tax_amount, shipping_amount, discount_amount, total
       FROM sales s WHERE ${scoped('s')}
   ), lines AS (
     SELECT i.business_id, i.sale_id, sum(i.total) AS subtotal FROM sale_items i WHERE ${scoped('i')} GROUP BY i.business_id, i.sale_id
   ), sold AS (
     SELECT i.business_id, i.sale_id, i.product_id, sum(i.quantity) AS qty
       FROM sale_items i WHERE ${scoped('i')} GROUP BY i.business_id, i.sale_id, i.product_id
   ), moved AS (
     SELECT m.business_id, m.sale_id, m.product_id, -sum(m.quantity) AS qty
       FROM stock_movements m WHERE ${scoped('m')} AND m.type = 'sale' AND m.sale_id IS NOT NULL
      GROUP BY m.business_id, m.sale_id, m.product_id
   ), money AS (
     SELECT f.business_id, f.sale_id,
            sum(f.amount) FILTER (WHERE f.type = 'income') AS income, sum(f.amount) FILTER (WHERE f.type = 'refund') AS refund
       FROM finance_transactions f WHERE ${scoped('f')} AND f.type IN ('income', 'refund') AND f.sale_id IS NOT NULL
      GROUP BY f.business_id, f.sale_id
   ), effective AS (
     SELECT * FROM sales_in WHERE status IN ('completed', 'cancelled')
   ), drift AS (
     SELECT 'order_subtotal' AS kind, s.business_id, s.id AS order_id, NULL::uuid AS product_id,
            to_jsonb(coalesce(l.subtotal, 0)) AS expected, to_jsonb(s.subtotal) AS actual
       FROM sales_in s LEFT JOIN lines l ON l.business_id = s.business_id AND l.sale_id = s.id
      WHERE s.subtotal <> coalesce(l.subtotal, 0)
     UNION ALL
     SELECT 'order_total', s.business_id, s.id, NULL,
            to_jsonb(s.subtotal + s.tax_amount + s.shipping_amount - s.discount_amount), to_jsonb(s.total)
       FROM sales_in s WHERE s.total <> s.subtotal + s.tax_amount + s.shipping_amount - s.discount_amount
     UNION ALL
     SELECT 'order_items_missing', s.business_id, s.id, NULL, to_jsonb('at least one line'::text), to_jsonb(0)
       FROM effective s WHERE NOT EXISTS (SELECT 1 FROM lines l WHERE l.business_id = s.business_id AND l.sale_id = s.id)
     UNION ALL
     SELECT 'order_stock_movements', coalesce(x.business_id, m.business_id), coalesce(x.sale_id, m.sale_id), coalesce(x.product_id, m.product_id),
            to_jsonb(coalesce(x.qty, 0)), to_jsonb(coalesce(m.qty, 0))
       FROM (SELECT sold.* FROM sold JOIN effective e ON e.business_id = sold.business_id AND e.id = sold.sale_id) x
       FULL JOIN (SELECT moved.* FROM moved JOIN effective e ON e.business_id = moved.business_id AND e.id = moved.sale_id) m
         ON m.business_id = x.business_id AND m.sale_id = x.sale_id AND m.product_id = x.product_id
      WHERE coalesce(x.qty, 0) <> coalesce(m.qty, 0)
     UNION ALL
     SELECT 'order_income', s.business_id, s.id, NULL, to_jsonb(s.total), to_jsonb(coalesce(n.income, 0))
       FROM effective s LEFT JOIN money n ON n.business_id = s.business_id AND n.sale_id = s.id
      WHERE n.income IS DISTINCT FROM s.total
     UNION ALL
     SELECT 'order_refund', s.business_id, s.id, NULL,
            to_jsonb(CASE WHEN s.status = 'cancelled' THEN s.total ELSE 0 END), to_jsonb(coalesce(n.refund, 0))
       FROM effective s LEFT JOIN money n ON n.business_id = s.business_id AND n.sale_id = s.id
      WHERE coalesce(n.refund, 0) <> CASE WHEN s.status = 'cancelled' THEN s.total ELSE 0 END
   )
   ${result('SELECT count(*) FROM sales_in', 'business_id, order_id, kind, product_id')}`,
);
