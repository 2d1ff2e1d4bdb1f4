import { localDateSql } from '../../../database/zone-sql';
import { COUNTED_SALE_SQL, LINE_COST_SQL, LINE_KEPT_SQL } from './analytics-rollups.sql';
import { defineStatement, Statement } from '../../../database/statement';

/**
 * The report reads of /analytics/dashboard, /revenue and /top-products. Each sums three parts of the
 * window (see AnalyticsPlan): the daily rollup of the closed days, the hourly rollup of the closed
 * hours of the open days, and the sales since, live through the (business_id, status,
 * created_at) index. Each also counts the rolled-up rows it found, so the caller can tell whether a
 * fill is needed without a second round trip.
 *
 * Every read takes the WindowParams $1..$7 first; its own parameters follow from $8.
 */
export type WindowParams = [
  businessId: string,
  firstDay: string,
  /** the last rolled-up day (before firstDay when the window has no closed day) */
  rollupTo: string,
  /** the live range [liveStart, end) */
  liveStart: string,
  end: string,
  /** the window's last closed hour bucket; with none, (rollupTo, 0), which selects nothing */
  lastBucketDay: string,
  lastBucketHour: number,
];

const WINDOW_DAYS = `business_id = $1 AND day BETWEEN $2 AND $3`;
export const WINDOW_HOURS = `business_id = $1 AND day > $3 AND day >= $2 AND (day, hour) <= ($6::date, $7::int)`;
export const WINDOW_LIVE_SALES = `s.business_id = $1 AND ${COUNTED_SALE_SQL('s')} AND s.created_at >= $4 AND s.created_at < $5`;

/** How many rolled-up rows a window read found: days and hour buckets. */
export const ROLLED = `(SELECT count(*) FROM analytics_daily_sales WHERE ${WINDOW_DAYS})::int AS rolled_days,
                (SELECT count(*) FROM analytics_hourly_sales WHERE ${WINDOW_HOURS})::int AS rolled_hours`;

export interface RolledCounts {
  rolled_days: number;
  rolled_hours: number;
  /** product reads: the read takes the product running totals, and they do not reach its closed days yet */
  totals_behind?: boolean;
}

/** The rolled-up counts of a product read, and whether it takes the running totals while they lag its closed days (its WITH has TOTALS_CHOICE). */
const PRODUCT_ROLLED = `${ROLLED},
  (SELECT (SELECT use_totals FROM totals_choice) AND $3::date >= $2::date AND COALESCE(bool_or(s.through < $3::date), true)
     FROM analytics_product_totals_state s WHERE s.business_id = $1) AS totals_behind`;

/**
 * Whether a product read takes the window's closed days from the product running totals: two index
 * probes per product of the business whatever the window's length, against one row per product and
 * day sold in the daily rollup. The totals serve a window only when it has TOTALS_BREAK_EVEN times
 * more orders than the business has products (its orders from the daily sales rollup, one row per
 * day, standing for its daily product rows). Measured on 1,000,000 orders (BENCHMARKS.md, Reports):
 * a probe costs 9 to 10 daily rows, and a window has 1.3 (2,000 products) to 3 (100,000) daily rows
 * per order, so the break-even is 3 to 7 orders per product. A year of a small catalog, never a month
 * of a big one (100,000 products: the probes took 3.6 s where the month's 117,000 daily rows take
 * 0.25 s). A CTE of its own, so the statement estimates once; `use_totals` is read through scalar
 * subqueries, which the plan evaluates first and uses to skip the branch not taken.
 */
const TOTALS_BREAK_EVEN = 8;
const TOTALS_CHOICE = `totals_choice AS MATERIALIZED (
     SELECT COALESCE((SELECT sum(orders) FROM analytics_daily_sales WHERE ${WINDOW_DAYS}), 0)
            > ${TOTALS_BREAK_EVEN} * (SELECT count(*) FROM products WHERE business_id = $1) AS use_totals
   )`;

/** Whether a product read of the closed days [$2, $3] takes the running totals (TOTALS_CHOICE): the warmer keeps them up only then. */
export const totalsChosen = defineStatement<[businessId: string, firstDay: string, rollupTo: string], { use_totals: boolean }>(
  'analytics.totalsChosen',
  `WITH ${TOTALS_CHOICE} SELECT use_totals FROM totals_choice`,
);

/**
 * Each product's quantity, revenue and cost in the window, in parts to add up (one row per product
 * and part); the statement's WITH starts with TOTALS_CHOICE. When it chooses the running totals, the
 * closed days come from them up to where they are right (`through`): the last total at the window's
 * last such day minus the last one before its first day, for the products with a total inside it,
 * and closed days after `through` from the daily rollup. Otherwise every closed day comes from the
 * daily rollup. The closed hours of the open days come from the hourly rollup, the sales since, live.
 */
const WINDOW_PRODUCT_PARTS = `
  SELECT p.id AS product_id, hi.quantity - COALESCE(lo.quantity, 0) AS quantity,
         hi.revenue - COALESCE(lo.revenue, 0) AS revenue, hi.cost - COALESCE(lo.cost, 0) AS cost
    FROM (SELECT least($3::date, s.through) AS hi, $2::date - 1 AS lo FROM analytics_product_totals_state s
           WHERE s.business_id = $1 AND (SELECT use_totals FROM totals_choice)) span
    JOIN products p ON p.business_id = $1 AND span.hi > span.lo
   CROSS JOIN LATERAL (
     SELECT t.day, t.quantity, t.revenue, t.cost FROM analytics_product_totals t
      WHERE t.business_id = $1 AND t.product_id = p.id AND t.day <= span.hi ORDER BY t.day DESC LIMIT 1
   ) hi
    LEFT JOIN LATERAL (
     SELECT t.quantity, t.revenue, t.cost FROM analytics_product_totals t
      WHERE t.business_id = $1 AND t.product_id = p.id AND t.day <= span.lo ORDER BY t.day DESC LIMIT 1
   ) lo ON true
   WHERE hi.day > span.lo
  UNION ALL
  SELECT product_id, quantity, revenue, cost FROM analytics_daily_products
   WHERE ${WINDOW_DAYS}
     AND day > CASE WHEN (SELECT use_totals FROM totals_choice)
                    THEN COALESCE((SELECT through FROM analytics_product_totals_state WHERE business_id = $1), '-infinity')
                    ELSE '-infinity' END
  UNION ALL
  SELECT product_id, quantity, revenue, cost FROM analytics_hourly_products WHERE ${WINDOW_HOURS}
  UNION ALL
  SELECT i.product_id, i.quantity - i.returned_quantity, i.total - i.returned_amount, ${LINE_COST_SQL('i')}
    FROM sales s JOIN sale_items i ON i.business_id = $1 AND i.sale_id = s.id AND ${LINE_KEPT_SQL('i')}
   WHERE ${WINDOW_LIVE_SALES}`;

/** Numeric columns come as exact decimal strings. */
export interface DashboardRow {
  orders: number;
  revenue: string;
  customers: number;
  new_customers: number;
  products: number;
}

/** One row per day and part: a day may come in several rows (rolled-up and live), to be added. */
export interface RevenueRow {
  day: string;
  orders: number;
  revenue: string;
}

export interface TopProductRow {
  product_id: string;
  name: string;
  sku: string;
  total_sold: string;
  total_revenue: string;
}

/**
 * $8 the window start, for the customers created in the window; `customers` counts those created
 * before its end (every customer, for a window ending today). One row.
 */
export const dashboard = defineStatement<[...WindowParams, windowStart: string], DashboardRow & RolledCounts>(
  'analytics.dashboard',
  `SELECT ${ROLLED}, r.orders + h.orders + l.orders AS orders, (r.revenue + h.revenue + l.revenue)::text AS revenue,
          c.total AS customers, c.new AS new_customers, p.total AS products
     FROM (SELECT coalesce(sum(orders), 0)::int AS orders, coalesce(sum(revenue), 0) AS revenue
             FROM analytics_daily_sales WHERE ${WINDOW_DAYS}) r,
          (SELECT coalesce(sum(orders), 0)::int AS orders, coalesce(sum(revenue), 0) AS revenue
             FROM analytics_hourly_sales WHERE ${WINDOW_HOURS}) h,
          (SELECT count(*)::int AS orders, coalesce(sum(s.total - s.refunded_amount), 0) AS revenue FROM sales s WHERE ${WINDOW_LIVE_SALES}) l,
          (SELECT count(*)::int AS total,
                  count(*) FILTER (WHERE created_at >= $8)::int AS new
             FROM customers WHERE business_id = $1 AND created_at < $5) c,
          (SELECT count(*)::int AS total FROM products WHERE business_id = $1 AND is_active) p`,
);

/**
 * $8 the business time zone, which dates the live sales. At least one row: with no sales at all, a
 * single row whose `day` is null carries the rolled-up counts.
 */
export const revenue = defineStatement<[...WindowParams, timeZone: string], (RevenueRow | { [K in keyof RevenueRow]: null }) & RolledCounts>(
  'analytics.revenue',
  `SELECT ${ROLLED}, u.* FROM (SELECT 1) one LEFT JOIN LATERAL (
     SELECT day::text AS day, orders, revenue::text AS revenue FROM analytics_daily_sales WHERE ${WINDOW_DAYS}
     UNION ALL
     SELECT day::text, sum(orders)::int, sum(revenue)::text FROM analytics_hourly_sales WHERE ${WINDOW_HOURS} GROUP BY day
     UNION ALL
     SELECT ${localDateSql('s.created_at', '$8')}::text, count(*)::int, sum(s.total - s.refunded_amount)::text
       FROM sales s WHERE ${WINDOW_LIVE_SALES} GROUP BY 1
   ) u ON true`,
);

/**
 * The rows of `agg` that rank within the first $8 by `keys` (each DESC), the rows tied with the last
 * of them included: only those are joined to products for their names (the final tie-break), not
 * every product sold in the window (89,000 name lookups in a month of a 100,000-product catalog).
 * `rankCut` is a CTE of the statement (the last of the first $8 rows, none when there are fewer);
 * `withinRankCut` selects from `agg` by it.
 */
function rankCut(keys: string[]): string {
  return `rank_cut AS (SELECT ${keys.join(', ')} FROM agg ORDER BY ${keys.map((k) => `${k} DESC`).join(', ')} OFFSET $8 - 1 LIMIT 1)`;
}

function withinRankCut(keys: string[]): string {
  return `(SELECT * FROM agg a WHERE NOT EXISTS (SELECT 1 FROM rank_cut) OR (${keys.map((k) => `a.${k}`).join(', ')}) >= (SELECT ${keys.join(', ')} FROM rank_cut))`;
}

export type TopProductSort = 'revenue' | 'quantity';

type TopProductsStatement = Statement<[...WindowParams, limit: number], (TopProductRow | { [K in keyof TopProductRow]: null }) & RolledCounts>;

/**
 * $8 how many products. At least one row, like revenue. ORDER BY names its columns in the text (a
 * parameter cannot choose them), so each sort is its own statement.
 */
function topProductsStatement(sort: TopProductSort, keys: [string, string]): TopProductsStatement {
  const name = sort === 'revenue' ? 'analytics.topProductsByRevenue' : 'analytics.topProductsByQuantity';
  return defineStatement(
    name,
    `WITH ${TOTALS_CHOICE}, agg AS (
       SELECT product_id, sum(quantity) AS quantity, sum(revenue) AS revenue FROM (${WINDOW_PRODUCT_PARTS}) u GROUP BY product_id
     ), ${rankCut(keys)}
     SELECT ${PRODUCT_ROLLED}, t.* FROM (SELECT 1) one LEFT JOIN LATERAL (
       SELECT a.product_id, p.name, p.sku, a.quantity::text AS total_sold, a.revenue::text AS total_revenue
         FROM ${withinRankCut(keys)} a JOIN products p ON p.business_id = $1 AND p.id = a.product_id
        ORDER BY ${keys.map((k) => `a.${k} DESC`).join(', ')}, p.name, a.product_id
        LIMIT $8
     ) t ON true`,
  );
}

/** Ties: the other figure, then the product name and id, so a page is stable. */
export const topProducts: Record<TopProductSort, TopProductsStatement> = {
  revenue: topProductsStatement('revenue', ['revenue', 'quantity']),
  quantity: topProductsStatement('quantity', ['quantity', 'revenue']),
};

export interface MarginProductRow {
  product_id: string;
  name: string;
  quantity: string;
  revenue: string;
  cogs: string;
}

export interface MarginTotals {
  total_revenue: string;
  total_cogs: string;
}

/** How many products the margin report lists (docs/api.md 13). */
export const MARGIN_TOP_PRODUCTS = 50;

export type MarginSort = 'revenue' | 'margin' | 'margin_percent' | 'quantity';

/**
 * A product's margin percent in SQL: round(margin / revenue x 100, 2), half away from zero (numeric
 * round), null without revenue; the same figure the mapper computes exactly (sorted on here).
 */
export const MARGIN_PERCENT_SQL = (a: string) => `CASE WHEN ${a}.revenue = 0 THEN NULL ELSE round((${a}.revenue - ${a}.cost) * 100 / ${a}.revenue, 2) END`;

/** Each sort's key over a row of `agg` (a) and of `rank_cut`: descending, nulls last. */
const MARGIN_SORT_KEYS: Record<MarginSort, (a: string) => string> = {
  revenue: (a) => `${a}.revenue`,
  margin: (a) => `${a}.revenue - ${a}.cost`,
  margin_percent: MARGIN_PERCENT_SQL,
  quantity: (a) => `${a}.quantity`,
};

type MarginStatement = Statement<[...WindowParams, limit: number], (MarginProductRow | { [K in keyof MarginProductRow]: null }) & MarginTotals & RolledCounts>;

/**
 * GET /reports/margin: revenue and cost of goods of the window's sales net of returns, per product
 * and in all, from the same parts as top-products (the product rollups and totals carry the cost). At
 * least one row: the totals, with the top $8 products by the sort's key, descending, nulls last, then
 * name and id (nulls when none sold). Only the products ranking within the first $8 (ties with the
 * last included) are joined to their names.
 */
function marginStatement(sort: MarginSort): MarginStatement {
  const key = MARGIN_SORT_KEYS[sort];
  return defineStatement(
    `analytics.marginBy${sort
      .split('_')
      .map((w) => w[0].toUpperCase() + w.slice(1))
      .join('')}`,
    `WITH ${TOTALS_CHOICE}, agg AS (
       SELECT product_id, sum(quantity) AS quantity, sum(revenue) AS revenue, sum(cost) AS cost FROM (${WINDOW_PRODUCT_PARTS}) u GROUP BY product_id
     ), tot AS (
       SELECT coalesce(sum(revenue), 0) AS revenue, coalesce(sum(cost), 0) AS cost FROM agg
     ), rank_cut AS (
       SELECT ${key('agg')} AS k FROM agg ORDER BY 1 DESC NULLS LAST OFFSET $8 - 1 LIMIT 1
     )
     SELECT ${PRODUCT_ROLLED}, tot.revenue::text AS total_revenue, tot.cost::text AS total_cogs, t.*
       FROM tot LEFT JOIN LATERAL (
         SELECT a.product_id, p.name, a.quantity::text AS quantity, a.revenue::text AS revenue, a.cost::text AS cogs
           FROM (SELECT * FROM agg a
                  WHERE NOT EXISTS (SELECT 1 FROM rank_cut)
                     OR (SELECT k FROM rank_cut) IS NULL
                     OR ${key('a')} >= (SELECT k FROM rank_cut)) a
           JOIN products p ON p.business_id = $1 AND p.id = a.product_id
          ORDER BY ${key('a')} DESC NULLS LAST, p.name, a.product_id
          LIMIT $8
       ) t ON true`,
  );
}

export const margin: Record<MarginSort, MarginStatement> = {
  revenue: marginStatement('revenue'),
  margin: marginStatement('margin'),
  margin_percent: marginStatement('margin_percent'),
  quantity: marginStatement('quantity'),
};
