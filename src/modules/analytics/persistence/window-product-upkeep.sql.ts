import { defineStatement } from '../../../database/statement';
import { marginPercentKey } from './analytics-window-products.sql';

/**
 * Keeps each window length's product rows (analytics_window_products) equal to the sum of the daily
 * product rows of the days its state names, while a day is rolled up again: the fill that rolls up
 * a day again first takes its former product rows out of the windows holding it (retireMissingDays),
 * then adds the new ones (addFilledDays), in its own transaction (AnalyticsRollupService.fillDays).
 * So a return or a cancellation of an old sale costs the first read after it one day's fill, not a
 * year's aggregate until the next warm-up pass (BENCHMARKS.md, "Reports").
 *
 * Changes are added to the rows as they are when locked (ON CONFLICT DO UPDATE), never written from
 * a snapshot, so two fills of different days that meet on one product both count.
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
 * The statement's tail that adds `changed` (rows day, product_id, quantity, revenue, cost, business
 * $1) to every window state holding its day: to the product rows, inserting a product new to the
 * window, and to the state's totals.
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
 * Deletes the product rows of the days of [$2, $3] that are not rolled up (an invalidation deleted
 * their daily sales row and left them) and takes them out of the windows holding those days, before
 * the fill writes those days again.
 */
export const retireMissingDays = defineStatement<[businessId: string, from: string, to: string], never>(
  'analytics.retireMissingDays',
  `WITH missing AS (
     SELECT d::date AS day FROM generate_series($2::date, $3::date, interval '1 day') d
      WHERE NOT EXISTS (SELECT 1 FROM analytics_daily_sales r WHERE r.business_id = $1 AND r.day = d::date)
   ), changed AS (
     DELETE FROM analytics_daily_products p
      WHERE p.business_id = $1 AND p.day BETWEEN $2 AND $3 AND p.day IN (SELECT day FROM missing)
     RETURNING p.day, p.product_id, -p.quantity AS quantity, -p.revenue AS revenue, -p.cost AS cost
   ), ${ADD_TO_WINDOWS}`,
);

/** Adds the product rows of the days $2, just rolled up by this transaction, to the windows holding them. */
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
