import { DataSource } from 'typeorm';
import { defineStatement, Statement } from '../../../database/statement';
import { LINE_COST_SQL, LINE_KEPT_SQL } from './analytics-rollups.sql';
import {
  MarginProductRow,
  MarginSort,
  MarginTotals,
  ROLLED,
  RolledCounts,
  TopProductRow,
  TopProductSort,
  WINDOW_HOURS,
  WINDOW_LIVE_SALES,
  WindowParams,
} from './analytics-reports.sql';

/**
 * The window product rows (analytics_window_products): each product's figures over the closed days
 * of a window length, built by the warmer from the daily product rollups, read by top-products and
 * margin with the open hours merged in. See AnalyticsWindowProducts.
 */

/** The closed days a window length's rows hold now, if any. */
export const windowProductState = defineStatement<[businessId: string, days: number], { first_day: string; through: string }>(
  'analytics.windowProductState',
  `SELECT first_day::text, through::text FROM analytics_window_product_state WHERE business_id = $1 AND days = $2`,
);

/** How many of the days [$2, $3] are rolled up: all of them, or the rows would miss some. */
export const rolledUpDays = defineStatement<[businessId: string, from: string, to: string], { days: number }>(
  'analytics.rolledUpDays',
  `SELECT count(*)::int AS days FROM analytics_daily_sales WHERE business_id = $1 AND day BETWEEN $2 AND $3`,
);

export const deleteWindowProducts = defineStatement<[businessId: string, days: number], never>(
  'analytics.deleteWindowProducts',
  `WITH state AS (DELETE FROM analytics_window_product_state WHERE business_id = $1 AND days = $2)
   DELETE FROM analytics_window_products WHERE business_id = $1 AND days = $2`,
);

/** The percent sort key of a revenue and a cost (SQL expressions): 0 without revenue (has_revenue false sorts those last). */
export const marginPercentKey = (revenue: string, cost: string) =>
  `CASE WHEN ${revenue} = 0 THEN 0 ELSE round((${revenue} - ${cost}) * 100 / ${revenue}, 2) END`;
const PERCENT_KEY = (a: string) => marginPercentKey(`${a}.revenue`, `${a}.cost`);

/** Each product's sums over the daily product rollups of [$3, $4], then the totals and the days they hold. */
export const insertWindowProducts = defineStatement<[businessId: string, days: number, from: string, through: string], never>(
  'analytics.insertWindowProducts',
  `INSERT INTO analytics_window_products (business_id, days, product_id, quantity, revenue, cost, margin, has_revenue, margin_percent)
   SELECT $1, $2, a.product_id, a.quantity, a.revenue, a.cost, a.revenue - a.cost, a.revenue <> 0, ${PERCENT_KEY('a')}
     FROM (SELECT product_id, sum(quantity) AS quantity, sum(revenue) AS revenue, sum(cost) AS cost
             FROM analytics_daily_products WHERE business_id = $1 AND day BETWEEN $3 AND $4 GROUP BY product_id) a`,
);

export const insertWindowProductState = defineStatement<[businessId: string, days: number, from: string, through: string], never>(
  'analytics.insertWindowProductState',
  `INSERT INTO analytics_window_product_state (business_id, days, first_day, through, revenue, cost)
   SELECT $1, $2, $3, $4, coalesce(sum(revenue), 0), coalesce(sum(cost), 0) FROM analytics_window_products WHERE business_id = $1 AND days = $2`,
);

/**
 * The parts of a read from the window rows ($9 the window length), after the WindowParams: `st` the
 * state row when it holds exactly the window's closed days [$2, $3]; `live` the products sold in the
 * window's closed hours of open days and since (hourly rollup and sale lines); `merged` those
 * products with their closed days added, their sort keys computed as the rows store them.
 */
const WINDOW_ROWS = `business_id = $1 AND days = $9`;
const MERGED_PARTS = `st AS MATERIALIZED (
     SELECT revenue, cost FROM analytics_window_product_state WHERE ${WINDOW_ROWS} AND first_day = $2 AND through = $3
   ), live AS MATERIALIZED (
     SELECT product_id, sum(quantity) AS quantity, sum(revenue) AS revenue, sum(cost) AS cost FROM (
       SELECT product_id, quantity, revenue, cost FROM analytics_hourly_products WHERE ${WINDOW_HOURS}
       UNION ALL
       SELECT i.product_id, i.quantity - i.returned_quantity, i.total - i.returned_amount, ${LINE_COST_SQL('i')}
         FROM sales s JOIN sale_items i ON i.business_id = $1 AND i.sale_id = s.id AND ${LINE_KEPT_SQL('i')}
        WHERE ${WINDOW_LIVE_SALES}
     ) u GROUP BY product_id
   ), merged AS MATERIALIZED (
     SELECT m.product_id, m.quantity, m.revenue, m.cost, m.revenue - m.cost AS margin, m.revenue <> 0 AS has_revenue, ${PERCENT_KEY('m')} AS margin_percent
       FROM (SELECT l.product_id, l.quantity + coalesce(w.quantity, 0) AS quantity, l.revenue + coalesce(w.revenue, 0) AS revenue,
                    l.cost + coalesce(w.cost, 0) AS cost
               FROM live l LEFT JOIN analytics_window_products w ON w.${WINDOW_ROWS} AND w.product_id = l.product_id) m
   )`;

/**
 * The candidates of a ranking by `keys` (columns, each descending): the products of the open hours
 * (merged), and of the others (their closed days only, unchanged) the first $8 in the keys' order
 * and those tied with the last of them: each read in order, or by equality, through the keys'
 * index, however many products the window has (a range "keys >= the cut" would be planned as a
 * third of the table, the cut being unknown when planning). Any product left out ranks below $8
 * others.
 */
function candidates(keys: string[]): string {
  const list = keys.join(', ');
  const order = keys.map((k) => `${k} DESC`).join(', ');
  const untouched = `w.${WINDOW_ROWS} AND (SELECT count(*) FROM st) = 1 AND w.product_id NOT IN (SELECT product_id FROM live)`;
  const columns = 'product_id, quantity, revenue, cost, margin, has_revenue, margin_percent';
  return `first_rows AS MATERIALIZED (
     SELECT ${columns} FROM analytics_window_products w WHERE ${untouched} ORDER BY ${order} LIMIT $8
   ), rank_cut AS (
     SELECT ${list} FROM first_rows ORDER BY ${order} OFFSET $8 - 1 LIMIT 1
   ), agg AS (
     SELECT * FROM first_rows
     UNION
     SELECT ${columns} FROM analytics_window_products w
      WHERE ${untouched} AND (${keys.map((k) => `w.${k}`).join(', ')}) = (SELECT ${list} FROM rank_cut)
     UNION ALL
     SELECT * FROM merged WHERE (SELECT count(*) FROM st) = 1
   )`;
}

/** Whether the window rows served the read (else the caller reads the daily rollups). */
export interface WindowRowsFound {
  found: boolean;
}

const FOUND = `(SELECT count(*) FROM st) = 1 AS found, ${ROLLED}`;

type TopFromWindow = Statement<
  [...WindowParams, limit: number, days: number],
  (TopProductRow | { [K in keyof TopProductRow]: null }) & RolledCounts & WindowRowsFound
>;

function topProductsStatement(sort: TopProductSort, keys: [string, string]): TopFromWindow {
  return defineStatement(
    sort === 'revenue' ? 'analytics.windowTopProductsByRevenue' : 'analytics.windowTopProductsByQuantity',
    `WITH ${MERGED_PARTS}, ${candidates(keys)}
     SELECT ${FOUND}, t.* FROM (SELECT 1) one LEFT JOIN LATERAL (
       SELECT a.product_id, p.name, p.sku, a.quantity::text AS total_sold, a.revenue::text AS total_revenue
         FROM agg a JOIN products p ON p.business_id = $1 AND p.id = a.product_id
        ORDER BY ${keys.map((k) => `a.${k} DESC`).join(', ')}, p.name, a.product_id
        LIMIT $8
     ) t ON true`,
  );
}

/** Top products from the window rows: the same order as analytics.topProductsBy* (docs/api.md 8). */
export const windowTopProducts: Record<TopProductSort, TopFromWindow> = {
  revenue: topProductsStatement('revenue', ['revenue', 'quantity']),
  quantity: topProductsStatement('quantity', ['quantity', 'revenue']),
};

type MarginFromWindow = Statement<
  [...WindowParams, limit: number, days: number],
  (MarginProductRow | { [K in keyof MarginProductRow]: null }) & MarginTotals & RolledCounts & WindowRowsFound
>;

/** Each margin sort's keys as the rows store them: descending, nulls (no revenue) last. */
const MARGIN_KEYS: Record<MarginSort, string[]> = {
  revenue: ['revenue'],
  margin: ['margin'],
  margin_percent: ['has_revenue', 'margin_percent'],
  quantity: ['quantity'],
};

function marginStatement(sort: MarginSort): MarginFromWindow {
  const keys = MARGIN_KEYS[sort];
  return defineStatement(
    `analytics.windowMarginBy${sort
      .split('_')
      .map((w) => w[0].toUpperCase() + w.slice(1))
      .join('')}`,
    `WITH ${MERGED_PARTS}, ${candidates(keys)}, tot AS (
       SELECT st.revenue + coalesce((SELECT sum(revenue) FROM live), 0) AS revenue, st.cost + coalesce((SELECT sum(cost) FROM live), 0) AS cost
         FROM st
     )
     SELECT ${FOUND}, coalesce(tot.revenue, 0)::text AS total_revenue, coalesce(tot.cost, 0)::text AS total_cogs, t.*
       FROM (SELECT 1) one LEFT JOIN tot ON true LEFT JOIN LATERAL (
         SELECT a.product_id, p.name, a.quantity::text AS quantity, a.revenue::text AS revenue, a.cost::text AS cogs
           FROM agg a JOIN products p ON p.business_id = $1 AND p.id = a.product_id
          ORDER BY ${keys.map((k) => `a.${k} DESC`).join(', ')}, p.name, a.product_id
          LIMIT $8
       ) t ON true`,
  );
}

/** The margin report from the window rows: the same order as analytics.marginBy* (docs/api.md 13). */
export const windowMargin: Record<MarginSort, MarginFromWindow> = {
  revenue: marginStatement('revenue'),
  margin: marginStatement('margin'),
  margin_percent: marginStatement('margin_percent'),
  quantity: marginStatement('quantity'),
};

/** Fresh planner statistics of the window rows (a maintenance command: plain text, outside any transaction). */
export async function analyzeWindowProducts(db: DataSource): Promise<void> {
  await db.query(`ANALYZE analytics_window_products, analytics_window_product_state`);
}
