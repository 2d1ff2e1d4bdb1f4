import { defineStatement } from '../../../database/statement';
import { localDayStartSql } from '../../../database/zone-sql';
import { COUNTED_SALE_SQL, LINES_OF_SALE } from './analytics-rollups.sql';
import { marginPercentKey } from './analytics-window-products.sql';

/**
 * Keeps each window length's product rows (analytics_window_products) equal to the sum of the daily
 * product rows of the days its state names, while a day is rolled up again. An invalidation
 * (a return, a cancellation) leaves the day's product rows; the fill that rolls the day up again
 * writes only the products whose figures changed, to the daily rows and, as the difference, to the
 * windows holding the day (refreshDayProducts), in its own transaction (AnalyticsRollupService.fillDays).
 * So the first read after a return of an old sale pays for one day's fill, not a year's aggregate
 * until the next warm-up pass (BENCHMARKS.md, "Reports").
 *
 * Differences are added to the rows as they are when written (ON CONFLICT DO UPDATE with the row's
 * own values), and every writer holds the business's window rows lock (lockWindowRows).
 */

/** Advisory lock class of the window product rows (LockRank.AnalyticsWindowRows); the second key is hashtext(business id). */
const WINDOW_ROWS_LOCK_CLASS = 0x414e5752;

/**
 * Held until the transaction ends by every writer of a business's window rows: a fill adds a day to
 * the windows its state rows name when it reads them, and a rebuild replaces a window's rows and
 * state; without it a fill could add a day to the rows a rebuild had just written without that day.
 */
export const lockWindowRows = defineStatement<[businessId: string], never>(
  'analytics.lockWindowRows',
  `SELECT pg_advisory_xact_lock(${WINDOW_ROWS_LOCK_CLASS}, hashtext($1))`,
);

/**
 * The statement's tail that adds `changed` (rows day, product_id, quantity, revenue, cost: amounts
 * to add, of business $1) to every window state holding its day: to the product rows, inserting a
 * product new to the window, and to the state's totals.
 */
const ADD_TO_WINDOWS = `
  delta AS (
    SELECT s.days, c.product_id, sum(c.quantity) AS quantity, sum(c.revenue) AS revenue, sum(c.cost) AS cost
      FROM changed c JOIN analytics_window_product_state s ON s.business_id = $1 AND c.day BETWEEN s.first_day AND s.through
     GROUP BY s.days, c.product_id
  ), states AS (
    UPDATE analytics_window_product_state s SET revenue = s.revenue + t.revenue, cost = s.cost + t.cost
      FROM (SELECT days, sum(revenue) AS revenue, sum(cost) AS cost FROM delta GROUP BY days) t
     WHERE s.business_id = $1 AND s.days = t.days
  )
  INSERT INTO analytics_window_products AS w (business_id, days, product_id, quantity, revenue, cost, margin, has_revenue, margin_percent)
  SELECT $1, d.days, d.product_id, d.quantity, d.revenue, d.cost, d.revenue - d.cost, d.revenue <> 0, ${marginPercentKey('d.revenue', 'd.cost')}
    FROM delta d
  ON CONFLICT (business_id, days, product_id) DO UPDATE SET
    quantity = w.quantity + EXCLUDED.quantity,
    revenue = w.revenue + EXCLUDED.revenue,
    cost = w.cost + EXCLUDED.cost,
    margin = (w.revenue + EXCLUDED.revenue) - (w.cost + EXCLUDED.cost),
    has_revenue = w.revenue + EXCLUDED.revenue <> 0,
    margin_percent = ${marginPercentKey('(w.revenue + EXCLUDED.revenue)', '(w.cost + EXCLUDED.cost)')}`;

/**
 * The days $2 (in zone $3) rolled up again by this transaction's fill, which kept their former
 * product rows: their product rows recomputed from the sales as fillDays does, and only the
 * products whose figures changed written, to the daily rows (a product no longer sold on the day
 * deleted) and, as the difference, to the windows holding the day. A return of one line thus writes
 * one product's rows, not the day's thousands.
 */
export const refreshDayProducts = defineStatement<[businessId: string, days: string[], timeZone: string], never>(
  'analytics.refreshDayProducts',
  `WITH sold AS MATERIALIZED (
     SELECT s.id, d.day FROM unnest($2::date[]) d(day)
       JOIN sales s ON s.business_id = $1 AND ${COUNTED_SALE_SQL('s')}
        AND s.created_at >= ${localDayStartSql('d.day', '$3')} AND s.created_at < ${localDayStartSql('d.day + 1', '$3')}
   ), fresh AS MATERIALIZED (
     SELECT s.day, i.product_id, sum(i.quantity) AS quantity, sum(i.total) AS revenue, sum(i.cost) AS cost
       FROM sold s ${LINES_OF_SALE}
      GROUP BY s.day, i.product_id
   ), former AS MATERIALIZED (
     SELECT p.day, p.product_id, p.quantity, p.revenue, p.cost FROM analytics_daily_products p
      WHERE p.business_id = $1 AND p.day = ANY ($2::date[])
   ), changed AS MATERIALIZED (
     SELECT day, product_id, f.quantity IS NOT NULL AS sold,
            coalesce(f.quantity, 0) - coalesce(o.quantity, 0) AS quantity,
            coalesce(f.revenue, 0) - coalesce(o.revenue, 0) AS revenue,
            coalesce(f.cost, 0) - coalesce(o.cost, 0) AS cost
       FROM fresh f FULL JOIN former o USING (day, product_id)
      WHERE (f.quantity, f.revenue, f.cost) IS DISTINCT FROM (o.quantity, o.revenue, o.cost)
   ), unsold AS (
     DELETE FROM analytics_daily_products p USING changed c
      WHERE p.business_id = $1 AND p.day = c.day AND p.product_id = c.product_id AND NOT c.sold
   ), rewritten AS (
     INSERT INTO analytics_daily_products AS p (business_id, day, product_id, quantity, revenue, cost)
     SELECT $1, f.day, f.product_id, f.quantity, f.revenue, f.cost
       FROM fresh f JOIN changed c ON c.day = f.day AND c.product_id = f.product_id
     ON CONFLICT (business_id, day, product_id) DO UPDATE SET quantity = EXCLUDED.quantity, revenue = EXCLUDED.revenue, cost = EXCLUDED.cost
   ), ${ADD_TO_WINDOWS}`,
);

/** Adds the product rows of the days $2, just rolled up by this transaction for the first time, to any window holding them. */
export const addFilledDays = defineStatement<[businessId: string, days: string[]], never>(
  'analytics.addFilledDays',
  `WITH held AS (
     SELECT f.day FROM unnest($2::date[]) f(day)
      WHERE EXISTS (SELECT 1 FROM analytics_window_product_state s WHERE s.business_id = $1 AND f.day BETWEEN s.first_day AND s.through)
   ), changed AS (
     SELECT p.day, p.product_id, p.quantity, p.revenue, p.cost FROM analytics_daily_products p
      WHERE p.business_id = $1 AND p.day IN (SELECT day FROM held)
   ), ${ADD_TO_WINDOWS}`,
);

/** A product whose days all left a window (quantity 0: a daily row counts kept lines only) leaves its rows. */
export const dropEmptyWindowProducts = defineStatement<[businessId: string], never>(
  'analytics.dropEmptyWindowProducts',
  `DELETE FROM analytics_window_products w USING analytics_window_product_state s
    WHERE w.business_id = $1 AND s.business_id = $1 AND w.days = s.days AND w.quantity = 0`,
);
