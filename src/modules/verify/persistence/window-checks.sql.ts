import { defineStatement } from '../../../database/statement';
import { marginPercentKey } from '../../analytics/persistence/analytics-window-products.sql';
import { LedgerCheck, result, scoped } from './ledger-checks.sql';

/**
 * The window product rows (analytics_window_products, read by top products and margin) against the
 * daily product rows they sum: per window length and product, the quantity, revenue and cost of the
 * daily rows of the days its state names, with the sort keys derived from them; each state's totals
 * the sum of its rows. The daily rows themselves are checked against the sales by analyticsRollups
 * (while their day is rolled up; a day marked again keeps its former rows in both until its fill).
 * A row of a length without a state is drift too.
 */
export const windowProducts: LedgerCheck = defineStatement(
  'verify.windowProducts',
  `WITH st AS MATERIALIZED (
     SELECT s.business_id, s.days, s.first_day, s.through, s.revenue, s.cost FROM analytics_window_product_state s WHERE ${scoped('s')}
   ), expected AS MATERIALIZED (
     SELECT s.business_id, s.days, p.product_id, sum(p.quantity) AS quantity, sum(p.revenue) AS revenue, sum(p.cost) AS cost
       FROM st s JOIN analytics_daily_products p ON p.business_id = s.business_id AND p.day BETWEEN s.first_day AND s.through
      GROUP BY s.business_id, s.days, p.product_id
   ), cmp AS MATERIALIZED (
     SELECT business_id, days, product_id,
            CASE WHEN e.product_id IS NULL THEN NULL ELSE jsonb_build_object('quantity', e.quantity, 'revenue', e.revenue, 'cost', e.cost) END AS expected,
            CASE WHEN w.product_id IS NULL THEN NULL
                 ELSE jsonb_build_object('quantity', w.quantity, 'revenue', w.revenue, 'cost', w.cost, 'margin', w.margin,
                                         'has_revenue', w.has_revenue, 'margin_percent', w.margin_percent) END AS actual,
            e.product_id IS NOT NULL AND w.product_id IS NOT NULL AND e.quantity = w.quantity AND e.revenue = w.revenue AND e.cost = w.cost
              AND w.margin = w.revenue - w.cost AND w.has_revenue = (w.revenue <> 0)
              AND w.margin_percent = ${marginPercentKey('w.revenue', 'w.cost')} AS same
       FROM expected e
       FULL JOIN (SELECT * FROM analytics_window_products x WHERE ${scoped('x')}) w USING (business_id, days, product_id)
   ), totals AS (
     SELECT s.business_id, s.days, s.revenue, s.cost, coalesce(sum(e.revenue), 0) AS rows_revenue, coalesce(sum(e.cost), 0) AS rows_cost
       FROM st s LEFT JOIN expected e ON e.business_id = s.business_id AND e.days = s.days
      GROUP BY s.business_id, s.days, s.revenue, s.cost
   ), drift AS (
     SELECT 'window_product' AS kind, business_id, days, product_id, expected, actual FROM cmp WHERE NOT same
     UNION ALL
     SELECT 'window_totals', business_id, days, NULL, jsonb_build_object('revenue', rows_revenue, 'cost', rows_cost),
            jsonb_build_object('revenue', revenue, 'cost', cost)
       FROM totals WHERE revenue <> rows_revenue OR cost <> rows_cost
   )
   ${result('SELECT count(*) FROM cmp', 'business_id, days, kind, product_id NULLS FIRST')}`,
);
