import { defineStatement } from '../../../database/statement';
import { LedgerCheck, result, scoped } from './ledger-checks.sql';

/**
 * Purchase orders against their receipts and payments (docs/api.md 13): a line's received quantity
 * is the sum of its receipt lines and never above what it ordered; a receipt's lines are its
 * `receipt` movements, per product and warehouse. An order's paid amount is the sum of its payments
 * (the `purchases` expenses naming it) and never above its payable: the total, or once cancelled
 * min(total, value received), every received quantity at its unit cost summed before one rounding.
 * What was paid before the cancellation stays, even above that (paid_at_cancel); nothing after it.
 */
export const purchasing: LedgerCheck = defineStatement(
  'verify.purchasing',
  `WITH received AS (
     SELECT r.business_id, r.purchase_order_item_id, sum(r.quantity) AS qty FROM receipt_items r WHERE ${scoped('r')} GROUP BY 1, 2
   ), lines AS MATERIALIZED (
     SELECT * FROM purchase_order_items i WHERE ${scoped('i')}
   ), entered AS (
     SELECT i.business_id, i.receipt_id, i.product_id, g.warehouse_id, g.purchase_order_id, sum(i.quantity) AS qty,
            sum(i.quantity * i.unit_cost) AS value
       FROM receipt_items i JOIN receipts g ON g.business_id = i.business_id AND g.id = i.receipt_id
      WHERE ${scoped('i')}
      GROUP BY 1, 2, 3, 4, 5
   ), moved AS (
     SELECT m.business_id, m.receipt_id, m.product_id, m.warehouse_id, sum(m.quantity) AS qty
       FROM stock_movements m WHERE ${scoped('m')} AND m.type = 'receipt' GROUP BY 1, 2, 3, 4
   ), paid AS (
     SELECT f.business_id, f.reference_id, sum(f.amount) AS amount
       FROM finance_transactions f WHERE ${scoped('f')} AND f.type = 'expense' AND f.category = 'purchases' AND f.reference_id IS NOT NULL
      GROUP BY 1, 2
   ), orders AS (
     SELECT o.business_id, o.id, o.paid_amount, o.paid_at_cancel, coalesce(p.amount, 0) AS payments,
            CASE WHEN o.status = 'cancelled' THEN least(o.total, round(coalesce(v.value, 0), 2)) ELSE o.total END AS payable
       FROM purchase_orders o
       LEFT JOIN paid p ON p.business_id = o.business_id AND p.reference_id = o.id
       LEFT JOIN (SELECT business_id, purchase_order_id, sum(value) AS value FROM entered GROUP BY 1, 2) v
         ON v.business_id = o.business_id AND v.purchase_order_id = o.id
      WHERE ${scoped('o')}
   ), drift AS (
     SELECT 'receipt_line_quantity' AS kind, l.business_id, l.purchase_order_id, l.id AS item_id, NULL::uuid AS receipt_id,
            to_jsonb(coalesce(x.qty, 0)) AS expected, to_jsonb(l.received_quantity) AS actual
       FROM lines l LEFT JOIN received x ON x.business_id = l.business_id AND x.purchase_order_item_id = l.id
      WHERE l.received_quantity <> coalesce(x.qty, 0)
     UNION ALL
     SELECT 'received_above_ordered', l.business_id, l.purchase_order_id, l.id, NULL, to_jsonb(l.quantity), to_jsonb(l.received_quantity)
       FROM lines l WHERE l.received_quantity > l.quantity
     UNION ALL
     SELECT 'receipt_stock_movements', coalesce(e.business_id, m.business_id), NULL, NULL, coalesce(e.receipt_id, m.receipt_id),
            to_jsonb(coalesce(e.qty, 0)), to_jsonb(coalesce(m.qty, 0))
       FROM entered e FULL JOIN moved m
         ON m.business_id = e.business_id AND m.receipt_id = e.receipt_id AND m.product_id = e.product_id AND m.warehouse_id = e.warehouse_id
      WHERE coalesce(e.qty, 0) <> coalesce(m.qty, 0)
     UNION ALL
     SELECT 'purchase_order_payments', business_id, id, NULL, NULL, to_jsonb(payments), to_jsonb(paid_amount)
       FROM orders WHERE paid_amount <> payments
     UNION ALL
     SELECT 'purchase_order_overpaid', business_id, id, NULL, NULL, to_jsonb(payable), to_jsonb(paid_amount)
       FROM orders WHERE paid_amount > payable AND paid_amount IS DISTINCT FROM paid_at_cancel
   )
   ${result('SELECT count(*) FROM lines', 'business_id, kind, purchase_order_id, item_id, receipt_id')}`,
);
