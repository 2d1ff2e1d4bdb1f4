/**
 * SQL shared by the analytics queries. Local days are `date` parameters turned into instants by
 * PostgreSQL (`AT TIME ZONE` knows DST), or instants computed by AnalyticsPlanner; either way the
 * sales indexes are searched with plain timestamptz bounds.
 */
import { localDateSql, localDayStartSql } from '../../common/time/zone-sql';

/** The sale lines of sale `s`, probed through the (business_id, sale_id) index ($1 business). */
const LINES_OF_SALE = `
  CROSS JOIN LATERAL (
    -- OFFSET 0 keeps this a per-sale probe: as a hash join it would read the sale lines of the
    -- business's whole history.
    SELECT li.product_id, li.quantity, li.total FROM sale_items li
     WHERE li.business_id = $1 AND li.sale_id = s.id OFFSET 0
  ) i`;

/**
 * $1 business, $2..$3 the days, $4 time zone. One row per missing day (zeros included: the row
 * marks the day as rolled up), product rows only for the days this statement inserted, so two
 * concurrent fills of one day never mix. Returns the number of days inserted.
 */
export const FILL_DAYS_SQL = `
  WITH missing AS (
    SELECT d::date AS day FROM generate_series($2::date, $3::date, interval '1 day') d
     WHERE NOT EXISTS (SELECT 1 FROM analytics_daily_sales r WHERE r.business_id = $1 AND r.day = d::date)
  ), bounds AS (
    SELECT min(day) AS lo, max(day) AS hi FROM missing
  ), sold AS MATERIALIZED (
    SELECT s.id, s.total, ${localDateSql('s.created_at', '$4')} AS day
      FROM bounds, sales s
     WHERE s.business_id = $1 AND s.status = 'completed'
       AND s.created_at >= ${localDayStartSql('bounds.lo', '$4')}
       AND s.created_at < ${localDayStartSql('bounds.hi + 1', '$4')}
       AND ${localDateSql('s.created_at', '$4')} IN (SELECT day FROM missing)
  ), day_rows AS (
    INSERT INTO analytics_daily_sales (business_id, day, orders, revenue)
    SELECT $1, m.day, count(s.id), coalesce(sum(s.total), 0)
      FROM missing m LEFT JOIN sold s ON s.day = m.day
     GROUP BY m.day
    ON CONFLICT DO NOTHING
    RETURNING day
  ), product_rows AS (
    INSERT INTO analytics_daily_products (business_id, day, product_id, quantity, revenue)
    SELECT $1, s.day, i.product_id, sum(i.quantity), sum(i.total)
      FROM sold s ${LINES_OF_SALE}
     WHERE s.day IN (SELECT day FROM day_rows)
     GROUP BY s.day, i.product_id
    ON CONFLICT DO NOTHING
  )
  SELECT count(*)::int AS days FROM day_rows`;

/** $1 business, $2..$5 arrays of the buckets' day, hour, start, end. Same shape as FILL_DAYS_SQL. */
export const FILL_BUCKETS_SQL = `
  WITH missing AS (
    SELECT b.* FROM unnest($2::date[], $3::int[], $4::timestamptz[], $5::timestamptz[]) AS b(day, hour, start_at, end_at)
     WHERE NOT EXISTS (SELECT 1 FROM analytics_hourly_sales r WHERE r.business_id = $1 AND r.day = b.day AND r.hour = b.hour)
  ), sold AS MATERIALIZED (
    SELECT s.id, s.total, m.day, m.hour
      FROM missing m JOIN sales s
        ON s.business_id = $1 AND s.status = 'completed' AND s.created_at >= m.start_at AND s.created_at < m.end_at
  ), hour_rows AS (
    INSERT INTO analytics_hourly_sales (business_id, day, hour, orders, revenue)
    SELECT $1, m.day, m.hour, count(s.id), coalesce(sum(s.total), 0)
      FROM missing m LEFT JOIN sold s ON s.day = m.day AND s.hour = m.hour
     GROUP BY m.day, m.hour
    ON CONFLICT DO NOTHING
    RETURNING day, hour
  )
  INSERT INTO analytics_hourly_products (business_id, day, hour, product_id, quantity, revenue)
  SELECT $1, s.day, s.hour, i.product_id, sum(i.quantity), sum(i.total)
    FROM sold s ${LINES_OF_SALE}
   WHERE (s.day, s.hour) IN (SELECT day, hour FROM hour_rows)
   GROUP BY s.day, s.hour, i.product_id
  ON CONFLICT DO NOTHING`;

/**
 * Window reads: $1 business, $2 first day, $3 last rolled-up day, $4..$5 the live range [start, end),
 * $6/$7 the window's last closed hour bucket (day, hour); a query adds its own parameters from $8.
 * The window's hour buckets lie after $3; with none, ($3, 0) selects nothing.
 */
export const WINDOW_DAYS = `business_id = $1 AND day BETWEEN $2 AND $3`;
export const WINDOW_HOURS = `business_id = $1 AND day > $3 AND day >= $2 AND (day, hour) <= ($6::date, $7::int)`;
export const WINDOW_LIVE_SALES = `s.business_id = $1 AND s.status = 'completed' AND s.created_at >= $4 AND s.created_at < $5`;

/**
 * Customers with a completed sale in [$3, $4), each with what the sales before $3 hold about them:
 * their sales in the window [$2, $3), and whether they bought before both $2 and $3 (two probes on
 * the (business_id, customer_id, created_at) index per customer). $1 business, $2 window start.
 */
export const CUSTOMERS_SINCE_SQL = `
  WITH l AS (
    SELECT customer_id,
           count(*) FILTER (WHERE created_at >= $2)::int AS window_orders,
           coalesce(sum(total) FILTER (WHERE created_at >= $2), 0)::text AS window_spent,
           count(*) FILTER (WHERE created_at < $2)::int AS pre_window_orders,
           sum(total)::text AS live_spent
      FROM sales
     WHERE business_id = $1 AND status = 'completed' AND customer_id IS NOT NULL AND created_at >= $3 AND created_at < $4
     GROUP BY customer_id
  )
  SELECT l.*, c.closed_orders, c.closed_spent, h.has_history
    FROM l
   CROSS JOIN LATERAL (
     SELECT count(*)::int AS closed_orders, coalesce(sum(total), 0)::text AS closed_spent FROM sales x
      WHERE x.business_id = $1 AND x.customer_id = l.customer_id AND x.status = 'completed'
        AND x.created_at >= $2 AND x.created_at < $3
   ) c
   CROSS JOIN LATERAL (
     SELECT EXISTS (SELECT 1 FROM sales y
                     WHERE y.business_id = $1 AND y.customer_id = l.customer_id AND y.status = 'completed'
                       AND y.created_at < least($2::timestamptz, $3::timestamptz)) AS has_history
   ) h`;

/** Per-customer closed stats of the window [$2, $3) and all history before $3; $4 top size. */
export const CUSTOMER_BASE_SQL = `
  WITH per AS (
    SELECT customer_id,
           count(*) FILTER (WHERE created_at >= $2) AS n,
           coalesce(sum(total) FILTER (WHERE created_at >= $2), 0) AS spent,
           bool_or(created_at < $2) AS before,
           sum(total) AS lifetime
      FROM sales
     WHERE business_id = $1 AND status = 'completed' AND customer_id IS NOT NULL AND created_at < $3
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
    FROM per`;
