import { defineStatement, Statement } from '../../../database/statement';
import { localDateSql, localDayStartSql } from '../../../database/zone-sql';
import { COUNTED_SALE_SQL, LINE_COST_SQL, LINE_KEPT_SQL } from '../../analytics/persistence/analytics-rollups.sql';
import { TRANSFER_MOVEMENT_TYPES } from '../../stock/movement-types';

const TRANSFER_TYPES_SQL = TRANSFER_MOVEMENT_TYPES.map((t) => `'${t}'`).join(', ');

/**
 * The ledger checks of `cli verify`, each ONE aggregate statement over a whole
 * table (hash aggregates and joins, no per-row round trips), so they run on millions of rows.
 * $1 is the business to check, or null for all; $2 caps the drift rows returned (the count is exact).
 */
/**
 * The tax an order's total adds: its tax_amount, or nothing when its prices included tax (docs/api.md
 * 22: the tax is inside the total; its tax lines say so, one probe of their primary key). The probe
 * names business $1 itself too, so that Citus routes a business's check to its shard.
 */
const TAX_ADDED = `CASE WHEN EXISTS (SELECT 1 FROM sale_tax_lines t WHERE t.business_id = s.business_id AND ($1::uuid IS NULL OR t.business_id = $1::uuid)
                                    AND t.sale_id = s.id AND t.tax_included)
                        THEN 0 ELSE s.tax_amount END`;

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

export const scoped = (alias: string) => `($1::uuid IS NULL OR ${alias}.business_id = $1::uuid)`;

export function result(checkedSql: string, driftOrder: string): string {
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
 * - discount. A completed, returned or cancelled order has lines, one `sale` movement quantity per
 * product equal to what its lines sold, and an income transaction of its total (returns and a
 * cancellation add refunds and `return`/`cancel` movements; they remove nothing). Its refunds add up
 * to its refunded amount (the whole total once cancelled), which is never above its total.
 */
export const orders: LedgerCheck = defineStatement(
  'verify.orders',
  `WITH sales_in AS MATERIALIZED (
     SELECT id, business_id, status, subtotal, tax_amount, shipping_amount, discount_amount, total, refunded_amount
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
     SELECT * FROM sales_in WHERE status IN ('completed', 'cancelled', 'partially_returned', 'returned')
   ), drift AS (
     SELECT 'order_subtotal' AS kind, s.business_id, s.id AS order_id, NULL::uuid AS product_id,
            to_jsonb(coalesce(l.subtotal, 0)) AS expected, to_jsonb(s.subtotal) AS actual
       FROM sales_in s LEFT JOIN lines l ON l.business_id = s.business_id AND l.sale_id = s.id
      WHERE s.subtotal <> coalesce(l.subtotal, 0)
     UNION ALL
     SELECT 'order_total', s.business_id, s.id, NULL,
            to_jsonb(s.subtotal + ${TAX_ADDED} + s.shipping_amount - s.discount_amount), to_jsonb(s.total)
       FROM sales_in s WHERE s.total <> s.subtotal + ${TAX_ADDED} + s.shipping_amount - s.discount_amount
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
     SELECT 'order_refund', s.business_id, s.id, NULL, to_jsonb(s.refunded_amount), to_jsonb(coalesce(n.refund, 0))
       FROM effective s LEFT JOIN money n ON n.business_id = s.business_id AND n.sale_id = s.id
      WHERE coalesce(n.refund, 0) <> s.refunded_amount
     UNION ALL
     SELECT 'order_refunded_above_total', s.business_id, s.id, NULL, to_jsonb(s.total), to_jsonb(s.refunded_amount)
       FROM sales_in s WHERE s.refunded_amount > s.total
     UNION ALL
     SELECT 'order_cancelled_not_refunded', s.business_id, s.id, NULL, to_jsonb(s.total), to_jsonb(s.refunded_amount)
       FROM sales_in s WHERE s.status = 'cancelled' AND s.refunded_amount <> s.total
   )
   ${result('SELECT count(*) FROM sales_in', 'business_id, order_id, kind, product_id')}`,
);

/**
 * Returns (docs/api.md 12) against what they changed: a line's returned quantity is the sum of its
 * return lines and never above what it sold; an order has refunded the sum of its returns plus, once
 * cancelled, its cancellation's refund (the refund booked with the cancellation, at its cancelled_at);
 * its shipping was refunded by at most one return, the one its shipping_refunded says; a return's
 * lines add up to its subtotal; its restocked lines are its `return` movements,
 * per product and warehouse; a return with a credit note has the same figures as the note, and an
 * invoice's credited amount is the sum of its credit notes.
 */
export const returns: LedgerCheck = defineStatement(
  'verify.returns',
  `WITH returned AS MATERIALIZED (
     SELECT r.business_id, r.sale_item_id, sum(r.quantity) AS qty FROM return_items r WHERE ${scoped('r')} GROUP BY r.business_id, r.sale_item_id
   ), lines AS MATERIALIZED (
     SELECT i.business_id, i.id, i.sale_id, i.quantity, i.returned_quantity FROM sale_items i
      WHERE ${scoped('i')} AND i.returned_quantity <> 0
     UNION
     SELECT i.business_id, i.id, i.sale_id, i.quantity, i.returned_quantity
       FROM returned x JOIN sale_items i ON i.business_id = x.business_id AND i.id = x.sale_item_id
   ), rets AS MATERIALIZED (
     SELECT * FROM returns r WHERE ${scoped('r')}
   ), ret_lines AS (
     SELECT r.business_id, r.return_id, sum(r.amount) AS amount FROM return_items r WHERE ${scoped('r')} GROUP BY r.business_id, r.return_id
   ), restocked AS (
     SELECT r.business_id, r.return_id, r.product_id, r.warehouse_id, sum(r.quantity) AS qty
       FROM return_items r WHERE ${scoped('r')} AND r.restock GROUP BY r.business_id, r.return_id, r.product_id, r.warehouse_id
   ), moved AS (
     SELECT m.business_id, m.return_id, m.product_id, m.warehouse_id, sum(m.quantity) AS qty
       FROM stock_movements m WHERE ${scoped('m')} AND m.type = 'return' GROUP BY m.business_id, m.return_id, m.product_id, m.warehouse_id
   ), per_sale AS (
     SELECT business_id, sale_id, sum(total) AS total, sum(shipping_amount) AS shipping, count(*) FILTER (WHERE shipping_amount > 0) AS shipping_returns
       FROM rets GROUP BY business_id, sale_id
   ), cancel_refund AS (
     SELECT f.business_id, f.sale_id, sum(f.amount) AS amount
       FROM finance_transactions f JOIN sales c ON c.business_id = f.business_id AND c.id = f.sale_id
      WHERE ${scoped('f')} AND f.type = 'refund' AND f.created_at = c.cancelled_at
      GROUP BY f.business_id, f.sale_id
   ), notes AS MATERIALIZED (
     SELECT * FROM credit_notes n WHERE ${scoped('n')}
   ), credited AS (
     SELECT n.business_id, n.invoice_id, sum(n.total) AS total FROM notes n GROUP BY n.business_id, n.invoice_id
   ), drift AS (
     SELECT 'return_line_quantity' AS kind, l.business_id, l.sale_id AS order_id, l.id AS item_id, NULL::uuid AS return_id,
            to_jsonb(coalesce(x.qty, 0)) AS expected, to_jsonb(l.returned_quantity) AS actual
       FROM lines l LEFT JOIN returned x ON x.business_id = l.business_id AND x.sale_item_id = l.id
      WHERE l.returned_quantity <> coalesce(x.qty, 0)
     UNION ALL
     SELECT 'return_above_sold', l.business_id, l.sale_id, l.id, NULL, to_jsonb(l.quantity), to_jsonb(l.returned_quantity)
       FROM lines l WHERE l.returned_quantity > l.quantity
     UNION ALL
     SELECT 'order_returns_refunded', s.business_id, s.id, NULL, NULL, to_jsonb(coalesce(t.total, 0) + coalesce(x.amount, 0)), to_jsonb(s.refunded_amount)
       FROM sales s LEFT JOIN per_sale t ON t.business_id = s.business_id AND t.sale_id = s.id
       LEFT JOIN cancel_refund x ON x.business_id = s.business_id AND x.sale_id = s.id
      WHERE ${scoped('s')} AND s.status IN ('completed', 'partially_returned', 'returned', 'cancelled')
        AND s.refunded_amount <> coalesce(t.total, 0) + coalesce(x.amount, 0)
     UNION ALL
     SELECT 'order_shipping_refunded', s.business_id, s.id, NULL, NULL,
            to_jsonb(CASE WHEN s.shipping_refunded THEN s.shipping_amount ELSE 0 END), to_jsonb(coalesce(t.shipping, 0))
       FROM sales s LEFT JOIN per_sale t ON t.business_id = s.business_id AND t.sale_id = s.id
      WHERE ${scoped('s')}
        AND (coalesce(t.shipping, 0) <> CASE WHEN s.shipping_refunded THEN s.shipping_amount ELSE 0 END OR coalesce(t.shipping_returns, 0) > 1)
     UNION ALL
     SELECT 'return_subtotal', r.business_id, r.sale_id, NULL, r.id, to_jsonb(r.subtotal), to_jsonb(coalesce(x.amount, 0))
       FROM rets r LEFT JOIN ret_lines x ON x.business_id = r.business_id AND x.return_id = r.id
      WHERE r.subtotal <> coalesce(x.amount, 0)
     UNION ALL
     SELECT 'return_stock_movements', coalesce(a.business_id, m.business_id), NULL, NULL, coalesce(a.return_id, m.return_id),
            to_jsonb(coalesce(a.qty, 0)), to_jsonb(coalesce(m.qty, 0))
       FROM restocked a FULL JOIN moved m
         ON m.business_id = a.business_id AND m.return_id = a.return_id AND m.product_id = a.product_id AND m.warehouse_id = a.warehouse_id
      WHERE coalesce(a.qty, 0) <> coalesce(m.qty, 0)
     UNION ALL
     SELECT 'return_credit_note', r.business_id, r.sale_id, NULL, r.id, to_jsonb(r.total), to_jsonb(n.total)
       FROM rets r LEFT JOIN notes n ON n.business_id = r.business_id AND n.return_id = r.id
      WHERE (r.credit_note_id IS NULL) <> (n.id IS NULL) OR n.id <> r.credit_note_id
         OR n.total <> r.total OR n.subtotal <> r.subtotal OR n.tax_amount <> r.tax_amount
         OR n.discount_amount <> r.discount_amount OR n.shipping_amount <> r.shipping_amount
     UNION ALL
     SELECT 'invoice_credited_amount', i.business_id, i.sale_id, NULL, NULL, to_jsonb(coalesce(c.total, 0)), to_jsonb(i.credited_amount)
       FROM invoices i LEFT JOIN credited c ON c.business_id = i.business_id AND c.invoice_id = i.id
      WHERE ${scoped('i')} AND i.credited_amount <> coalesce(c.total, 0)
   )
   ${result('SELECT count(*) FROM rets', 'business_id, kind, order_id, item_id, return_id')}`,
);

/**
 * Every product's average cost is the replay of its movement ledger in order (docs/api.md 13): from
 * its opening cost with nothing on hand, through moving_average_cost, the rule the service applies.
 * On hand counts goods in transit: transfer movements leave it as it was, and a transfer's losses
 * leave it where the transfer closed (transfers.closed_seq).
 */
export const averageCosts: LedgerCheck = defineStatement(
  'verify.averageCosts',
  `WITH ledger AS (
     SELECT m.business_id, m.product_id, m.seq,
            CASE WHEN m.type IN (${TRANSFER_TYPES_SQL}) THEN 0 ELSE m.quantity END AS quantity, m.unit_cost
       FROM stock_movements m WHERE ${scoped('m')}
     UNION ALL
     SELECT t.business_id, i.product_id, t.closed_seq, -i.lost_quantity, NULL
       FROM transfers t JOIN transfer_items i ON i.business_id = t.business_id AND i.transfer_id = t.id
      WHERE ${scoped('t')} AND t.status = 'received' AND i.lost_quantity > 0
   ), replay AS (
     SELECT l.business_id, l.product_id, moving_average_cost(0, p.opening_cost, l.quantity, l.unit_cost ORDER BY l.seq) AS average
       FROM ledger l JOIN products p ON p.business_id = l.business_id AND p.id = l.product_id
      GROUP BY l.business_id, l.product_id
   ), cmp AS MATERIALIZED (
     SELECT p.business_id, p.id AS product_id, coalesce(r.average, p.opening_cost) AS expected, p.average_cost AS actual
       FROM products p LEFT JOIN replay r ON r.business_id = p.business_id AND r.product_id = p.id
      WHERE ${scoped('p')}
   ), drift AS (
     SELECT 'average_cost' AS kind, business_id, product_id, expected, actual FROM cmp WHERE expected <> actual
   )
   ${result('SELECT count(*) FROM cmp', 'business_id, product_id')}`,
);

/**
 * Transfers against their movements (docs/api.md 14): per product of a transfer (its lines added, as
 * a product may be on several), shipped is what left the source
 * (transfer_out), received what entered the destination (transfer_in), and received + lost + what
 * went back (transfer_cancel) is all that was shipped once the transfer closed, nothing while in
 * transit. And per product, the ledger's goods in transit (what transfer movements took out of the
 * warehouses and no loss explains) equal what the open transfers carry.
 */
export const transfers: LedgerCheck = defineStatement(
  'verify.transfers',
  `WITH lines AS MATERIALIZED (
     SELECT i.*, t.status, t.from_warehouse_id, t.to_warehouse_id
       FROM transfer_items i JOIN transfers t ON t.business_id = i.business_id AND t.id = i.transfer_id
      WHERE ${scoped('i')}
   ), moved AS (
     SELECT m.business_id, m.transfer_id, m.product_id,
            coalesce(-sum(m.quantity) FILTER (WHERE m.type = 'transfer_out'), 0) AS shipped,
            coalesce(sum(m.quantity) FILTER (WHERE m.type = 'transfer_in'), 0) AS arrived,
            coalesce(sum(m.quantity) FILTER (WHERE m.type = 'transfer_cancel'), 0) AS returned
       FROM stock_movements m WHERE ${scoped('m')} AND m.transfer_id IS NOT NULL
      GROUP BY 1, 2, 3
   ), per_product AS (
     SELECT business_id, transfer_id, product_id, status, sum(quantity) AS quantity,
            sum(received_quantity) AS received_quantity, sum(lost_quantity) AS lost_quantity
       FROM lines GROUP BY business_id, transfer_id, product_id, status
   ), cmp AS (
     SELECT l.business_id, l.transfer_id, l.product_id, l.status, l.quantity, l.received_quantity, l.lost_quantity,
            coalesce(m.shipped, 0) AS shipped, coalesce(m.arrived, 0) AS arrived, coalesce(m.returned, 0) AS returned
       FROM per_product l LEFT JOIN moved m ON m.business_id = l.business_id AND m.transfer_id = l.transfer_id AND m.product_id = l.product_id
   ), ledger_transit AS (
     SELECT m.business_id, m.product_id, -sum(m.quantity) AS qty
       FROM stock_movements m WHERE ${scoped('m')} AND m.type IN (${TRANSFER_TYPES_SQL})
      GROUP BY 1, 2
   ), losses AS (
     SELECT business_id, product_id, sum(lost_quantity) AS qty FROM lines WHERE status = 'received' GROUP BY 1, 2
   ), open_transit AS (
     SELECT business_id, product_id, sum(quantity) AS qty FROM lines WHERE status = 'in_transit' GROUP BY 1, 2
   ), transit AS (
     SELECT business_id, product_id, coalesce(g.qty, 0) - coalesce(x.qty, 0) AS expected, coalesce(o.qty, 0) AS actual
       FROM ledger_transit g FULL JOIN losses x USING (business_id, product_id) FULL JOIN open_transit o USING (business_id, product_id)
   ), drift AS (
     SELECT 'transfer_shipped' AS kind, business_id, transfer_id, product_id, to_jsonb(quantity) AS expected, to_jsonb(shipped) AS actual
       FROM cmp WHERE shipped <> quantity
     UNION ALL
     SELECT 'transfer_received', business_id, transfer_id, product_id, to_jsonb(received_quantity), to_jsonb(arrived)
       FROM cmp WHERE arrived <> received_quantity
     UNION ALL
     SELECT 'transfer_balance', business_id, transfer_id, product_id, to_jsonb(settled), to_jsonb(received_quantity + lost_quantity + returned)
       FROM (SELECT *, CASE WHEN status = 'in_transit' THEN 0 ELSE quantity END AS settled FROM cmp) c
      WHERE received_quantity + lost_quantity + returned <> settled
     UNION ALL
     SELECT 'in_transit', business_id, NULL, product_id, to_jsonb(expected), to_jsonb(actual) FROM transit WHERE expected <> actual
   )
   ${result('SELECT count(*) FROM lines', 'business_id, kind, transfer_id, product_id')}`,
);

/** Stock counts against their movements: each counted line's difference is its `count` movement (none when 0). */
export const stockCounts: LedgerCheck = defineStatement(
  'verify.stockCounts',
  `WITH lines AS MATERIALIZED (
     SELECT i.business_id, i.count_id, i.product_id, i.difference, c.warehouse_id
       FROM stock_count_items i JOIN stock_counts c ON c.business_id = i.business_id AND c.id = i.count_id
      WHERE ${scoped('i')}
   ), moved AS (
     SELECT m.business_id, m.count_id, m.product_id, m.warehouse_id, sum(m.quantity) AS qty
       FROM stock_movements m WHERE ${scoped('m')} AND m.type = 'count' GROUP BY 1, 2, 3, 4
   ), drift AS (
     SELECT 'count_movement' AS kind, coalesce(l.business_id, m.business_id) AS business_id, coalesce(l.count_id, m.count_id) AS count_id,
            coalesce(l.product_id, m.product_id) AS product_id, to_jsonb(coalesce(l.difference, 0)) AS expected, to_jsonb(coalesce(m.qty, 0)) AS actual
       FROM lines l FULL JOIN moved m
         ON m.business_id = l.business_id AND m.count_id = l.count_id AND m.product_id = l.product_id AND m.warehouse_id = l.warehouse_id
      WHERE coalesce(l.difference, 0) <> coalesce(m.qty, 0)
   )
   ${result('SELECT count(*) FROM lines', 'business_id, kind, count_id, product_id')}`,
);

/**
 * The analytics rollups against the books (docs/api.md 8 and 12): every rolled-up day, and hour bucket
 * of an open day (`hour` null for a day), has the revenue of finance's income net of refunds (category
 * `sales`) over the orders created in it, in the business time zone, and the number of those orders
 * analytics count (COUNTED_SALE_SQL); its product rows are the lines those orders kept, net of
 * returns (quantity, revenue, cost). Orders analytics do not count have nothing left in finance (the
 * orders check), so the whole day is compared. Bucket `hour` h of a day starts h hours after the
 * day's start, as analytics-buckets.ts cuts them.
 */
export const analyticsRollups: LedgerCheck = defineStatement(
  'verify.analyticsRollups',
  `WITH money AS (
     SELECT f.business_id, f.sale_id, sum(CASE WHEN f.type = 'income' THEN f.amount ELSE -f.amount END) AS net
       FROM finance_transactions f
      WHERE ${scoped('f')} AND f.category = 'sales' AND f.type IN ('income', 'refund') AND f.sale_id IS NOT NULL
      GROUP BY f.business_id, f.sale_id
   ), sold AS MATERIALIZED (
     SELECT s.business_id, s.id, s.created_at, b.timezone, ${localDateSql('s.created_at', 'b.timezone')} AS day,
            ${COUNTED_SALE_SQL('s')} AS counted, coalesce(m.net, 0) AS net
       FROM sales s JOIN businesses b ON b.id = s.business_id
       LEFT JOIN money m ON m.business_id = s.business_id AND m.sale_id = s.id
      WHERE ${scoped('s')}
   ), rolled AS MATERIALIZED (
     SELECT r.business_id, r.day, -1 AS hour, r.orders, r.revenue FROM analytics_daily_sales r WHERE ${scoped('r')}
     UNION ALL
     SELECT r.business_id, r.day, r.hour, r.orders, r.revenue FROM analytics_hourly_sales r WHERE ${scoped('r')}
   ), rolled_products AS MATERIALIZED (
     -- a day's product rows stay after an invalidation until its fill replaces them: checked only while the day is rolled up
     SELECT p.business_id, p.day, -1 AS hour, p.product_id, p.quantity, p.revenue, p.cost FROM analytics_daily_products p
      WHERE ${scoped('p')} AND (p.business_id, p.day) IN (SELECT business_id, day FROM rolled WHERE hour = -1)
     UNION ALL
     SELECT p.business_id, p.day, p.hour, p.product_id, p.quantity, p.revenue, p.cost FROM analytics_hourly_products p WHERE ${scoped('p')}
   ), sold_in_buckets AS (
     -- hour buckets exist for the open days only: the sales of other days need no bucket
     SELECT s.business_id, s.id, s.day, s.counted, s.net,
            floor(extract(epoch FROM s.created_at - ${localDayStartSql('s.day', 's.timezone')}) / 3600)::int AS hour
       FROM sold s
      WHERE (s.business_id, s.day) IN (SELECT business_id, day FROM rolled WHERE hour >= 0 UNION SELECT business_id, day FROM rolled_products WHERE hour >= 0)
   ), by_grain AS MATERIALIZED (
     SELECT business_id, id, day, -1 AS hour, counted, net FROM sold
     UNION ALL
     SELECT business_id, id, day, hour, counted, net FROM sold_in_buckets
   ), books AS (
     SELECT business_id, day, hour, count(*) FILTER (WHERE counted) AS orders, sum(net) AS revenue FROM by_grain GROUP BY business_id, day, hour
   ), kept AS (
     SELECT g.business_id, g.day, g.hour, i.product_id,
            sum(i.quantity - i.returned_quantity) AS quantity, sum(i.total - i.returned_amount) AS revenue, sum(${LINE_COST_SQL('i')}) AS cost
       FROM by_grain g JOIN sale_items i ON i.business_id = g.business_id AND i.sale_id = g.id AND ${LINE_KEPT_SQL('i')}
      WHERE g.counted
      GROUP BY g.business_id, g.day, g.hour, i.product_id
   ), products AS (
     SELECT coalesce(p.business_id, k.business_id) AS business_id, coalesce(p.day, k.day) AS day, coalesce(p.hour, k.hour) AS hour,
            coalesce(p.product_id, k.product_id) AS product_id,
            jsonb_build_object('quantity', coalesce(k.quantity, 0), 'revenue', coalesce(k.revenue, 0), 'cost', coalesce(k.cost, 0)) AS expected,
            jsonb_build_object('quantity', coalesce(p.quantity, 0), 'revenue', coalesce(p.revenue, 0), 'cost', coalesce(p.cost, 0)) AS actual
       FROM rolled_products p
       FULL JOIN (SELECT k.* FROM kept k JOIN rolled r ON r.business_id = k.business_id AND r.day = k.day AND r.hour = k.hour) k
         ON k.business_id = p.business_id AND k.day = p.day AND k.hour = p.hour AND k.product_id = p.product_id
   ), drift AS (
     SELECT 'analytics_revenue' AS kind, r.business_id, r.day, nullif(r.hour, -1) AS hour, NULL::uuid AS product_id,
            to_jsonb(coalesce(b.revenue, 0)) AS expected, to_jsonb(r.revenue) AS actual
       FROM rolled r LEFT JOIN books b ON b.business_id = r.business_id AND b.day = r.day AND b.hour = r.hour
      WHERE r.revenue <> coalesce(b.revenue, 0)
     UNION ALL
     SELECT 'analytics_orders', r.business_id, r.day, nullif(r.hour, -1), NULL, to_jsonb(coalesce(b.orders, 0)), to_jsonb(r.orders)
       FROM rolled r LEFT JOIN books b ON b.business_id = r.business_id AND b.day = r.day AND b.hour = r.hour
      WHERE r.orders <> coalesce(b.orders, 0)
     UNION ALL
     SELECT 'analytics_product', business_id, day, nullif(hour, -1), product_id, expected, actual FROM products WHERE expected <> actual
   )
   ${result('SELECT count(*) FROM rolled', 'business_id, day, hour NULLS FIRST, kind, product_id')}`,
);

/** The numbered documents and the counter that numbers each. */
const NUMBERED_DOCUMENTS: [table: string, counter: string][] = [
  ['sales', 'sale'],
  ['invoices', 'invoice'],
  ['returns', 'return'],
  ['credit_notes', 'credit_note'],
  ['purchase_orders', 'purchase_order'],
  ['receipts', 'receipt'],
  ['transfers', 'transfer'],
  ['stock_counts', 'stock_count'],
];

/**
 * Document numbers are gapless: per business and counter, the documents are numbered 1 to the
 * counter's value, each once (the unique index forbids a number twice), so their count and their
 * highest number both equal the counter. Nothing deletes a numbered document, so GET /orders reads
 * its unfiltered total from the sale counter.
 */
export const documentNumbers: LedgerCheck = defineStatement(
  'verify.documentNumbers',
  `WITH docs AS (
     ${NUMBERED_DOCUMENTS.map(([table, counter]) => `SELECT x.business_id, '${counter}' AS counter, count(*) AS n, max(x.number) AS top FROM ${table} x WHERE ${scoped('x')} GROUP BY x.business_id`).join('\n     UNION ALL ')}
   ), cmp AS MATERIALIZED (
     SELECT c.business_id, c.name AS counter, c.value AS expected, coalesce(d.n, 0) AS actual, coalesce(d.top, 0) AS top
       FROM business_counters c LEFT JOIN docs d ON d.business_id = c.business_id AND d.counter = c.name
      WHERE ${scoped('c')} AND c.name IN (${NUMBERED_DOCUMENTS.map(([, counter]) => `'${counter}'`).join(', ')})
   ), drift AS (
     SELECT 'document_numbers' AS kind, business_id, counter, expected, actual, top AS highest_number FROM cmp WHERE actual <> expected OR top <> expected
   )
   ${result('SELECT count(*) FROM cmp', 'business_id, counter')}`,
);
