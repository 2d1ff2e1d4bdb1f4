import { DataSource } from 'typeorm';
import { localDateSql, localDayStartSql } from '../../../database/zone-sql';
import { defineStatement } from '../../../database/statement';

/**
 * The lazily filled rollups: analytics_daily_sales / analytics_daily_products per closed day,
 * analytics_hourly_sales / analytics_hourly_products per closed hour bucket of the open days. A
 * fill inserts one row per missing day or bucket, zeros included (the row marks it as rolled up),
 * with `ON CONFLICT DO NOTHING`, and product rows only for the days or buckets that same statement
 * inserted, so two concurrent fills of one day never mix.
 */

/**
 * Whether sale `s` counts as an order in analytics (docs/api.md 8 and 12), an SQL condition: completed,
 * or returned in part or in full with something left of its total (unrefunded shipping or tax keeps a
 * fully returned order), counted at its total minus its refunds. By the refunded amount rather than the
 * status, so that analytics agree with finance's income net of refunds whatever returns exist. The
 * status list comes first so the (business_id, status, created_at) index still bounds the read. The
 * one definition, for the rollups, the live part, customers and `cli verify` alike.
 */
export const COUNTED_SALE_SQL = (s: string) =>
  `${s}.status IN ('completed', 'partially_returned', 'returned') AND (${s}.status = 'completed' OR ${s}.refunded_amount < ${s}.total)`;

/**
 * The cost of the goods a sale line sold, net of returns, to the cent: what margin counts. The one
 * definition, for the rollups and the live part alike.
 */
export const LINE_COST_SQL = (line: string) => `round((${line}.quantity - ${line}.returned_quantity) * ${line}.unit_cost, 2)`;

/** Advisory lock class of the analytics rollups; the second key is hashtext(business id). */
export const ROLLUP_LOCK_CLASS = 0x414e4c59;

/**
 * A sale line with something left after its returns: what top-products and margin count (a fully
 * returned line contributes nothing, not even a row of zeros).
 */
export const LINE_KEPT_SQL = (line: string) => `${line}.quantity > ${line}.returned_quantity`;

/** The kept sale lines of sale `s`, probed through the (business_id, sale_id) index ($1 business). */
export const LINES_OF_SALE = `
  CROSS JOIN LATERAL (
    -- OFFSET 0 keeps this a per-sale probe: as a hash join it would read the sale lines of the
    -- business's whole history.
    SELECT li.product_id, li.quantity - li.returned_quantity AS quantity, li.total - li.returned_amount AS total,
           ${LINE_COST_SQL('li')} AS cost FROM sale_items li
     WHERE li.business_id = $1 AND li.sale_id = s.id AND ${LINE_KEPT_SQL('li')} OFFSET 0
  ) i`;

/**
 * Rolls up the days of [$2, $3] not rolled up yet, in zone $4, from the sales analytics count. Local days
 * become instants in PostgreSQL, so the sales index is searched with plain timestamptz bounds.
 * Returns the days inserted, and among them those rolled up again that kept their former product
 * rows (an invalidation leaves them): this statement writes no product rows for those, which
 * refreshDayProducts replaces by what changed.
 */
export const fillDays = defineStatement<[businessId: string, from: string, to: string, timeZone: string], { days: string[]; kept: string[] }>(
  'analytics.fillDays',
  `
  WITH missing AS (
    SELECT d::date AS day FROM generate_series($2::date, $3::date, interval '1 day') d
     WHERE NOT EXISTS (SELECT 1 FROM analytics_daily_sales r WHERE r.business_id = $1 AND r.day = d::date)
  ), kept AS MATERIALIZED (
    SELECT m.day FROM missing m WHERE EXISTS (SELECT 1 FROM analytics_daily_products p WHERE p.business_id = $1 AND p.day = m.day)
  ), bounds AS (
    SELECT min(day) AS lo, max(day) AS hi FROM missing
  ), sold AS MATERIALIZED (
    SELECT s.id, s.total - s.refunded_amount AS total, ${localDateSql('s.created_at', '$4')} AS day
      FROM bounds, sales s
     WHERE s.business_id = $1 AND ${COUNTED_SALE_SQL('s')}
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
    INSERT INTO analytics_daily_products (business_id, day, product_id, quantity, revenue, cost)
    SELECT $1, s.day, i.product_id, sum(i.quantity), sum(i.total), sum(i.cost)
      FROM sold s ${LINES_OF_SALE}
     WHERE s.day IN (SELECT day FROM day_rows) AND s.day NOT IN (SELECT day FROM kept)
     GROUP BY s.day, i.product_id
    ON CONFLICT DO NOTHING
  )
  SELECT coalesce(array_agg(day::text ORDER BY day), '{}') AS days,
         coalesce(array_agg(day::text ORDER BY day) FILTER (WHERE day IN (SELECT day FROM kept)), '{}') AS kept
    FROM day_rows`,
);

/**
 * The product running totals of business $1 (analytics_product_totals), kept by the fills under the
 * rollup lock, in three steps of one transaction. First lock the business's state row (created at
 * -infinity: nothing summed yet), so extensions of one business run one after the other, and rewind
 * `through` to the day before $2 when the fill just rolled up day $2 at or before it (the later totals
 * lack that day). An invalidation rewinds it too, in the changing transaction, without deleting
 * anything there. Nothing returned: the later steps read `through` themselves (and Citus refuses
 * the stable cast of a date to text in RETURNING).
 */
export const lockProductTotals = defineStatement<[businessId: string, firstFilledDay: string | null], never>(
  'analytics.lockProductTotals',
  `INSERT INTO analytics_product_totals_state AS s (business_id, through) VALUES ($1, '-infinity')
   ON CONFLICT (business_id) DO UPDATE
     SET through = CASE WHEN $2::date <= s.through THEN $2::date - 1 ELSE s.through END`,
);

/** Then delete the totals after `through`: rewound ones, about to be written again. */
export const dropStaleProductTotals = defineStatement<[businessId: string], never>(
  'analytics.dropStaleProductTotals',
  `DELETE FROM analytics_product_totals t USING analytics_product_totals_state s
    WHERE t.business_id = $1 AND s.business_id = $1 AND t.day > s.through`,
);

/**
 * Extends the totals over the daily product rows after `through`, each product's from its last
 * total, and moves `through` to the last rolled-up day. Returns how many totals it wrote.
 */
export const extendProductTotals = defineStatement<[businessId: string], { written: number }>(
  'analytics.extendProductTotals',
  `WITH st AS (
     SELECT through FROM analytics_product_totals_state WHERE business_id = $1
   ), target AS (
     SELECT max(day) AS through FROM analytics_daily_sales WHERE business_id = $1
   ), fresh AS MATERIALIZED (
     SELECT d.product_id, d.day, d.quantity, d.revenue, d.cost
       FROM st, target, analytics_daily_products d
      WHERE d.business_id = $1 AND d.day > st.through AND d.day <= target.through
   ), base AS (
     SELECT f.product_id, b.quantity, b.revenue, b.cost
       FROM st, (SELECT DISTINCT product_id FROM fresh) f
      CROSS JOIN LATERAL (
        SELECT t.quantity, t.revenue, t.cost FROM analytics_product_totals t
         WHERE t.business_id = $1 AND t.product_id = f.product_id AND t.day <= st.through
         ORDER BY t.day DESC LIMIT 1
      ) b
   ), written AS (
     INSERT INTO analytics_product_totals (business_id, product_id, day, quantity, revenue, cost)
     SELECT $1, f.product_id, f.day,
            COALESCE(b.quantity, 0) + sum(f.quantity) OVER w,
            COALESCE(b.revenue, 0) + sum(f.revenue) OVER w,
            COALESCE(b.cost, 0) + sum(f.cost) OVER w
       FROM fresh f LEFT JOIN base b USING (product_id)
     WINDOW w AS (PARTITION BY f.product_id ORDER BY f.day)
     RETURNING 1
   ), moved AS (
     UPDATE analytics_product_totals_state s SET through = target.through
       FROM target WHERE s.business_id = $1 AND target.through > s.through
   )
   SELECT count(*)::int AS written FROM written`,
);

/**
 * Rolls up the hour buckets not rolled up yet, given as parallel arrays ($2..$5: each bucket's day,
 * hour, start and end instants). Same shape as fillDays.
 */
export const fillBuckets = defineStatement<[businessId: string, days: string[], hours: number[], starts: string[], ends: string[]], never>(
  'analytics.fillBuckets',
  `
  WITH missing AS (
    SELECT b.* FROM unnest($2::date[], $3::int[], $4::timestamptz[], $5::timestamptz[]) AS b(day, hour, start_at, end_at)
     WHERE NOT EXISTS (SELECT 1 FROM analytics_hourly_sales r WHERE r.business_id = $1 AND r.day = b.day AND r.hour = b.hour)
  ), sold AS MATERIALIZED (
    SELECT s.id, s.total - s.refunded_amount AS total, m.day, m.hour
      FROM missing m JOIN sales s
        ON s.business_id = $1 AND ${COUNTED_SALE_SQL('s')} AND s.created_at >= m.start_at AND s.created_at < m.end_at
  ), hour_rows AS (
    INSERT INTO analytics_hourly_sales (business_id, day, hour, orders, revenue)
    SELECT $1, m.day, m.hour, count(s.id), coalesce(sum(s.total), 0)
      FROM missing m LEFT JOIN sold s ON s.day = m.day AND s.hour = m.hour
     GROUP BY m.day, m.hour
    ON CONFLICT DO NOTHING
    RETURNING day, hour
  )
  INSERT INTO analytics_hourly_products (business_id, day, hour, product_id, quantity, revenue, cost)
  SELECT $1, s.day, s.hour, i.product_id, sum(i.quantity), sum(i.total), sum(i.cost)
    FROM sold s ${LINES_OF_SALE}
   WHERE (s.day, s.hour) IN (SELECT day, hour FROM hour_rows)
   GROUP BY s.day, s.hour, i.product_id
  ON CONFLICT DO NOTHING`,
);

/** Hour buckets of days up to $2, once those days are rolled up as whole days (never read again). */
export const dropHourlySalesThrough = defineStatement<[businessId: string, day: string], never>(
  'analytics.dropHourlySalesThrough',
  `DELETE FROM analytics_hourly_sales WHERE business_id = $1 AND day <= $2`,
);

export const dropHourlyProductsThrough = defineStatement<[businessId: string, day: string], never>(
  'analytics.dropHourlyProductsThrough',
  `DELETE FROM analytics_hourly_products WHERE business_id = $1 AND day <= $2`,
);

/** Held by fills until their transaction ends: fills never block each other, only invalidations. */
export const lockRollupsShared = defineStatement<[lockClass: number, businessId: string], never>(
  'analytics.lockRollupsShared',
  `SELECT pg_advisory_xact_lock_shared($1, hashtext($2))`,
);

/** Held by an invalidation until its transaction ends: waits for running fills, blocks new ones. */
export const lockRollupsExclusive = defineStatement<[lockClass: number, businessId: string], never>(
  'analytics.lockRollupsExclusive',
  `SELECT pg_advisory_xact_lock($1, hashtext($2))`,
);

/**
 * Settings of a fill's transaction (like SET LOCAL, which cannot be prepared): aggregating a year of
 * sales in one statement needs enough memory to keep its hash tables off disk, and the cost
 * estimates of such a fill cross the JIT threshold, where compiling costs more than it saves.
 */
/** For the fill's transaction: more sort memory, no JIT, and the long statement limit ($1 ms; '0' = none) instead of the request one. */
export const fillSettings = defineStatement<[statementTimeoutMs: string], never>(
  'analytics.fillSettings',
  `SELECT set_config('work_mem', '64MB', true), set_config('jit', 'off', true), set_config('statement_timeout', $1, true)`,
);

/**
 * Marks the day, in the business's zone, of a sale created at $2 as not rolled up: deletes its daily
 * sales row and its hour buckets, rewinds the product running totals to the day before (the next
 * extension rewrites the later ones), and deletes the customer snapshots that reach past it
 * (returning customers and lifetime values look at all earlier history). The day's product rows
 * stay, still summed in the window product rows, until the fill that rolls the day up again
 * replaces them in both (window-product-upkeep.sql.ts): deleting them here would leave the windows
 * holding figures no row explains.
 */
export const invalidateRollups = defineStatement<[businessId: string, saleCreatedAt: string], never>(
  'analytics.invalidateRollups',
  `WITH d AS (
     SELECT ${localDateSql('$2::timestamptz', 'b.timezone')} AS day FROM businesses b WHERE b.id = $1
   ), daily AS (
     DELETE FROM analytics_daily_sales r USING d WHERE r.business_id = $1 AND r.day = d.day
   ), hourly AS (
     DELETE FROM analytics_hourly_sales r USING d WHERE r.business_id = $1 AND r.day = d.day
   ), hourly_products AS (
     DELETE FROM analytics_hourly_products r USING d WHERE r.business_id = $1 AND r.day = d.day
   ), totals_state AS (
     UPDATE analytics_product_totals_state s SET through = d.day - 1 FROM d WHERE s.business_id = $1 AND s.through >= d.day
   )
   DELETE FROM analytics_customer_snapshots s WHERE s.business_id = $1 AND s.through > $2::timestamptz`,
);

/**
 * Fresh planner statistics of the daily rollups. A maintenance command, not a registered statement:
 * ANALYZE cannot be prepared, so it runs as plain text outside any transaction.
 */
export async function analyzeDailyRollups(db: DataSource): Promise<void> {
  await db.query(`ANALYZE analytics_daily_sales, analytics_daily_products, analytics_product_totals`);
}
