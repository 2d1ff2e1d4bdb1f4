import { defineStatement } from '../../../database/statement';
import { LedgerCheck, result, scoped } from './ledger-checks.sql';

/**
 * The orders' and refunds' tax lines (docs/api.md 22), which GET /reports/tax sums: an order's
 * tax_amount is the sum of its tax lines, each line dated as its order (the report's day is the
 * sale's); a return's tax_amount is the sum of its tax lines, dated as the return; per order and
 * rate, returns and a cancellation never refund more tax, taxable amount or value than the order
 * had, nor at a rate the order did not have; a cancelled order has refunded every rate in full.
 */
export const taxLines: LedgerCheck = defineStatement(
  'verify.taxLines',
  `WITH sold AS MATERIALIZED (
     SELECT t.business_id, t.sale_id, t.tax_rate_id, t.tax_amount, t.taxable_amount, t.base_amount, t.created_at FROM sale_tax_lines t WHERE ${scoped('t')}
   ), per_sale AS (
     SELECT business_id, sale_id, sum(tax_amount) AS tax, min(created_at) AS first_at, max(created_at) AS last_at FROM sold GROUP BY business_id, sale_id
   ), refunded AS MATERIALIZED (
     SELECT f.business_id, f.sale_id, f.tax_rate_id, sum(f.tax_amount) AS tax, sum(f.taxable_amount) AS taxable, sum(f.base_amount) AS base
       FROM refund_tax_lines f WHERE ${scoped('f')} GROUP BY f.business_id, f.sale_id, f.tax_rate_id
   ), per_return AS (
     SELECT f.business_id, f.return_id, sum(f.tax_amount) AS tax, min(f.created_at) AS first_at, max(f.created_at) AS last_at
       FROM refund_tax_lines f WHERE ${scoped('f')} AND f.return_id IS NOT NULL GROUP BY f.business_id, f.return_id
   ), drift AS (
     SELECT 'order_tax_lines' AS kind, s.business_id, s.id AS order_id, NULL::uuid AS return_id, NULL::uuid AS tax_rate_id,
            to_jsonb(s.tax_amount) AS expected, to_jsonb(p.tax) AS actual
       FROM per_sale p JOIN sales s ON s.business_id = p.business_id AND s.id = p.sale_id
      WHERE s.tax_amount <> p.tax OR p.first_at <> s.created_at OR p.last_at <> s.created_at
     UNION ALL
     SELECT 'return_tax_lines', r.business_id, r.sale_id, r.id, NULL, to_jsonb(r.tax_amount), to_jsonb(p.tax)
       FROM per_return p JOIN returns r ON r.business_id = p.business_id AND r.id = p.return_id
      WHERE r.tax_amount <> p.tax OR p.first_at <> r.created_at OR p.last_at <> r.created_at
     UNION ALL
     SELECT 'refund_tax_above_order', f.business_id, f.sale_id, NULL, f.tax_rate_id,
            to_jsonb(coalesce(s.tax_amount, 0)), to_jsonb(f.tax)
       FROM refunded f LEFT JOIN sold s ON s.business_id = f.business_id AND s.sale_id = f.sale_id AND s.tax_rate_id = f.tax_rate_id
      WHERE s.sale_id IS NULL OR f.tax > s.tax_amount OR f.taxable > s.taxable_amount OR f.base > s.base_amount
     UNION ALL
     SELECT 'cancelled_tax_refunded', s.business_id, s.sale_id, NULL, s.tax_rate_id, to_jsonb(s.tax_amount), to_jsonb(coalesce(f.tax, 0))
       FROM sold s JOIN sales c ON c.business_id = s.business_id AND c.id = s.sale_id AND c.status = 'cancelled'
       LEFT JOIN refunded f ON f.business_id = s.business_id AND f.sale_id = s.sale_id AND f.tax_rate_id = s.tax_rate_id
      WHERE coalesce(f.tax, 0) <> s.tax_amount OR coalesce(f.base, 0) <> s.base_amount
   )
   ${result('SELECT count(*) FROM per_sale', 'business_id, kind, order_id, return_id, tax_rate_id')}`,
);
