import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { BusinessContext } from '../../common/auth/business-context';
import { AnalyticsRollupService } from './analytics-rollup.service';
import { completedSalesOn, dayEnd, dayStart } from './analytics-sql';
import { analyticsWindow, AnalyticsWindow, dayCount } from './analytics-window';
import { DashboardRow, RevenueRow, toDashboard, toRevenueSeries, toTopProduct, TopProductRow } from './analytics.mapper';

export type TopProductSort = 'revenue' | 'quantity';

const TOP_PRODUCT_ORDER: Record<TopProductSort, string> = {
  revenue: 'a.revenue DESC, a.quantity DESC, p.name, a.product_id',
  quantity: 'a.quantity DESC, a.revenue DESC, p.name, a.product_id',
};

/** A fill racing a concurrent invalidation can leave a day missing again; asking again fixes it. */
const MAX_READS = 3;

/**
 * Dashboard, revenue series and top products. Every figure is aggregated in PostgreSQL: the
 * window's closed days from the daily rollups (filled on first use), its open days live from
 * the completed sales through the (business_id, status, created_at) index. Parameters of every
 * query: $1 business, $2 first day, $3 last rolled-up day, $4 first live day, $5 today, $6 time zone.
 */
@Injectable()
export class AnalyticsService {
  constructor(
    private readonly db: DataSource,
    private readonly rollups: AnalyticsRollupService,
  ) {}

  async dashboard(biz: BusinessContext, days: number) {
    const window = analyticsWindow(new Date(), biz.timezone, days);
    const row = await this.readRolledUp(biz, window, async (params) => {
      const [r] = await this.db.query(
        `SELECT r.days AS rolled_days, r.orders + l.orders AS orders, (r.revenue + l.revenue)::text AS revenue,
                c.total AS customers, c.new AS new_customers, p.total AS products
           FROM (SELECT count(*)::int AS days, coalesce(sum(orders), 0)::int AS orders, coalesce(sum(revenue), 0) AS revenue
                   FROM analytics_daily_sales WHERE business_id = $1 AND day BETWEEN $2 AND $3) r,
                (SELECT count(*)::int AS orders, coalesce(sum(total), 0) AS revenue
                   FROM sales s WHERE ${completedSalesOn('s', '$1', '$4', '$5', '$6')}) l,
                (SELECT count(*)::int AS total,
                        count(*) FILTER (WHERE created_at >= ${dayStart('$2', '$6')} AND created_at < ${dayEnd('$5', '$6')})::int AS new
                   FROM customers WHERE business_id = $1) c,
                (SELECT count(*)::int AS total FROM products WHERE business_id = $1 AND is_active) p`,
        params,
      );
      return { rolledDays: r.rolled_days, value: r as DashboardRow };
    });
    return toDashboard(window, row);
  }

  async revenue(biz: BusinessContext, days: number) {
    const window = analyticsWindow(new Date(), biz.timezone, days);
    const rows = await this.readRolledUp(biz, window, async (params) => {
      const result: (RevenueRow & { rolled: boolean })[] = await this.db.query(
        `SELECT true AS rolled, day::text AS day, orders, revenue::text AS revenue
           FROM analytics_daily_sales WHERE business_id = $1 AND day BETWEEN $2 AND $3
         UNION ALL
         SELECT false, (s.created_at AT TIME ZONE $6)::date::text, count(*)::int, sum(s.total)::text
           FROM sales s WHERE ${completedSalesOn('s', '$1', '$4', '$5', '$6')}
          GROUP BY 2`,
        params,
      );
      return { rolledDays: result.filter((r) => r.rolled).length, value: result };
    });
    return toRevenueSeries(window, rows);
  }

  async topProducts(biz: BusinessContext, days: number, limit: number, sort: TopProductSort) {
    const window = analyticsWindow(new Date(), biz.timezone, days);
    const rows = await this.readRolledUp(biz, window, async (params) => {
      const result: (TopProductRow & { rolled_days: number })[] = await this.db.query(
        `WITH agg AS (
           SELECT product_id, sum(quantity) AS quantity, sum(revenue) AS revenue FROM (
             SELECT product_id, quantity, revenue FROM analytics_daily_products
              WHERE business_id = $1 AND day BETWEEN $2 AND $3
             UNION ALL
             SELECT i.product_id, i.quantity, i.total
               FROM sales s JOIN sale_items i ON i.business_id = $1 AND i.sale_id = s.id
              WHERE ${completedSalesOn('s', '$1', '$4', '$5', '$6')}
           ) u GROUP BY product_id
         ), rolled AS (
           SELECT count(*)::int AS days FROM analytics_daily_sales WHERE business_id = $1 AND day BETWEEN $2 AND $3
         )
         SELECT rolled.days AS rolled_days, t.* FROM rolled LEFT JOIN LATERAL (
           SELECT a.product_id, p.name, p.sku, a.quantity::text AS total_sold, a.revenue::text AS total_revenue
             FROM agg a JOIN products p ON p.business_id = $1 AND p.id = a.product_id
            ORDER BY ${TOP_PRODUCT_ORDER[sort]}
            LIMIT $7
         ) t ON true`,
        [...params, limit],
      );
      return { rolledDays: result[0].rolled_days, value: result.filter((r) => r.product_id !== null) };
    });
    return rows.map(toTopProduct);
  }

  /**
   * Runs a read whose closed days come from the rollup; when some of them are not rolled up yet
   * (first query of those days, or invalidated since), rolls them up and reads again.
   */
  private async readRolledUp<T>(
    biz: BusinessContext,
    w: AnalyticsWindow,
    read: (params: unknown[]) => Promise<{ rolledDays: number; value: T }>,
  ): Promise<T> {
    const params = [biz.id, w.firstDay, w.rollupTo, w.liveFrom, w.today, biz.timezone];
    const expected = dayCount(w.firstDay, w.rollupTo);
    for (let attempt = 1; ; attempt++) {
      const { rolledDays, value } = await read(params);
      if (rolledDays === expected) return value;
      if (attempt === MAX_READS) throw new Error(`analytics rollup of business ${biz.id} still incomplete after ${attempt} fills`);
      await this.rollups.fillDays(biz.id, biz.timezone, w.firstDay, w.rollupTo);
    }
  }
}
