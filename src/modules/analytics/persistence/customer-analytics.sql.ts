import { COUNTED_SALE_SQL } from './analytics-rollups.sql';
import { defineStatement } from '../../../database/statement';
import type { ClosedCustomerStats, LiveCustomerRow } from '../customer-stats';

/**
 * The reads of /analytics/customers (definitions in customer-stats.ts). Walk-in sales (no customer)
 * and sales analytics do not count (COUNTED_SALE_SQL) never count.
 */

/**
 * Customers with a counted sale in [$3, $4), each with what the sales before $3 hold about them:
 * their sales in the window [$2, $3), and whether they bought before both $2 and $3 (two probes on
 * the (business_id, customer_id, created_at) index per customer).
 */
export const customersSince = defineStatement<[businessId: string, windowStart: string, from: string, to: string], LiveCustomerRow>(
  'analytics.customersSince',
  `
  WITH l AS (
    SELECT customer_id,
           count(*) FILTER (WHERE created_at >= $2)::int AS window_orders,
           coalesce(sum(total - refunded_amount) FILTER (WHERE created_at >= $2), 0)::text AS window_spent,
           count(*) FILTER (WHERE created_at < $2)::int AS pre_window_orders,
           sum(total - refunded_amount)::text AS live_spent
      FROM sales
     WHERE business_id = $1 AND ${COUNTED_SALE_SQL('sales')} AND customer_id IS NOT NULL AND created_at >= $3 AND created_at < $4
     GROUP BY customer_id
  )
  SELECT l.*, c.closed_orders, c.closed_spent, h.has_history
    FROM l
   CROSS JOIN LATERAL (
     SELECT count(*)::int AS closed_orders, coalesce(sum(total - refunded_amount), 0)::text AS closed_spent FROM sales x
      WHERE x.business_id = $1 AND x.customer_id = l.customer_id AND ${COUNTED_SALE_SQL('x')}
        AND x.created_at >= $2 AND x.created_at < $3
   ) c
   CROSS JOIN LATERAL (
     SELECT EXISTS (SELECT 1 FROM sales y
                     WHERE y.business_id = $1 AND y.customer_id = l.customer_id AND ${COUNTED_SALE_SQL('y')}
                       AND y.created_at < least($2::timestamptz, $3::timestamptz)) AS has_history
   ) h`,
);

/**
 * The closed stats of the window [$2, $3) and of all history before $3, from the whole sales history
 * in one aggregate; $4 the size of the top list. One row.
 */
export const customerBase = defineStatement<[businessId: string, windowStart: string, through: string, topSize: number], { data: ClosedCustomerStats }>(
  'analytics.customerBase',
  `
  WITH per AS (
    SELECT customer_id,
           count(*) FILTER (WHERE created_at >= $2) AS n,
           coalesce(sum(total - refunded_amount) FILTER (WHERE created_at >= $2), 0) AS spent,
           bool_or(created_at < $2) AS before,
           sum(total - refunded_amount) AS lifetime
      FROM sales
     WHERE business_id = $1 AND ${COUNTED_SALE_SQL('sales')} AND customer_id IS NOT NULL AND created_at < $3
     GROUP BY customer_id
  ), top AS (
    SELECT customer_id, n::int AS orders, spent::text AS spent FROM per WHERE n > 0
     ORDER BY per.spent DESC, per.n DESC, per.customer_id LIMIT $4
  )
  SELECT json_build_object(
           'active', count(*) FILTER (WHERE n > 0),
           'repeat', count(*) FILTER (WHERE n >= 2),
           'returning', count(*) FILTER (WHERE n > 0 AND before),
           'buyers', count(*),
           'lifetime_revenue', coalesce(sum(lifetime), 0)::text,
           'top', (SELECT coalesce(json_agg(top), '[]'::json) FROM top)
         ) AS data
    FROM per`,
);

export interface CustomerCounts {
  total: number;
  new: number;
}

/** The business's customers, and those created in [$2, $3). One row. */
export const customerCounts = defineStatement<[businessId: string, from: string, to: string], CustomerCounts>(
  'analytics.customerCounts',
  `SELECT count(*)::int AS total, count(*) FILTER (WHERE created_at >= $2 AND created_at < $3)::int AS new
     FROM customers WHERE business_id = $1`,
);

export interface CustomerIdentity {
  id: string;
  name: string | null;
  email: string | null;
}

/**
 * Name and email of the listed customers of the business: one primary-key probe per id, whatever the
 * statistics. Written as `id = ANY($2)`, a generic plan settled on while a table was small (or never
 * analyzed) keeps only business_id as the index condition and filters every row of the business (the
 * lines of a page of sales read so took 18.8 ms at 60,000 lines). `OFFSET 0` keeps the subquery a
 * probe per id: flattened into a join, a plan made on a small table hashes the business's rows.
 */
export const customerIdentities = defineStatement<[businessId: string, customerIds: string[]], CustomerIdentity>(
  'analytics.customerIdentities',
  `SELECT c.id, c.name, c.email
     FROM unnest($2::uuid[]) AS listed(id)
     CROSS JOIN LATERAL (SELECT * FROM customers c WHERE c.id = listed.id AND c.business_id = $1 OFFSET 0) c`,
);
