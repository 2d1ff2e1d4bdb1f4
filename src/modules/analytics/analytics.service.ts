import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { BusinessContext } from '../../common/auth/business-context';
import { localDateSql } from '../../common/time/zone-sql';
import { AnalyticsPlan, AnalyticsPlanner } from './analytics-plan';
import { AnalyticsRollupService } from './analytics-rollup.service';
import { WINDOW_DAYS, WINDOW_HOURS, WINDOW_LIVE_SALES } from './analytics-sql';
import { dayCount } from './analytics-window';
import { DashboardRow, RevenueRow, toDashboard, toRevenueSeries, toTopProduct, TopProductRow } from './analytics.mapper';

export type TopProductSort = 'revenue' | 'quantity';

const TOP_PRODUCT_ORDER: Record<TopProductSort, string> = {
  revenue: 'a.revenue DESC, a.quantity DESC, p.name, a.product_id',
  quantity: 'a.quantity DESC, a.revenue DESC, p.name, a.product_id',
};

/** A fill racing a concurrent invalidation can leave a day missing again; asking again fixes it. */
const MAX_READS = 3;

/** How many rolled-up rows a window read found: days and hour buckets. */
const ROLLED = `(SELECT count(*) FROM analytics_daily_sales WHERE ${WINDOW_DAYS})::int AS rolled_days,
                (SELECT count(*) FROM analytics_hourly_sales WHERE ${WINDOW_HOURS})::int AS rolled_hours`;

interface Rolled {
  rolled_days: number;
  rolled_hours: number;
}

/**
 * Dashboard, revenue series and top products, aggregated in PostgreSQL from three parts (see
 * AnalyticsPlan): the daily rollup of the closed days, the hourly rollup of the closed hours of
 * the open days, and the completed sales since then, live through the (business_id, status,
 * created_at) index. Query parameters: WINDOW_* in analytics-sql.ts.
 */
@Injectable()
export class AnalyticsService {
  constructor(
    private readonly db: DataSource,
    private readonly planner: AnalyticsPlanner,
    private readonly rollups: AnalyticsRollupService,
  ) {}

  async dashboard(biz: BusinessContext, days: number) {
    const plan = await this.planner.plan(biz, days);
    const row = await this.readRolledUp(biz, plan, async (params) => {
      const [r] = await this.db.query(
        `SELECT ${ROLLED}, r.orders + h.orders + l.orders AS orders, (r.revenue + h.revenue + l.revenue)::text AS revenue,
                c.total AS customers, c.new AS new_customers, p.total AS products
           FROM (SELECT coalesce(sum(orders), 0)::int AS orders, coalesce(sum(revenue), 0) AS revenue
                   FROM analytics_daily_sales WHERE ${WINDOW_DAYS}) r,
                (SELECT coalesce(sum(orders), 0)::int AS orders, coalesce(sum(revenue), 0) AS revenue
                   FROM analytics_hourly_sales WHERE ${WINDOW_HOURS}) h,
                (SELECT count(*)::int AS orders, coalesce(sum(total), 0) AS revenue FROM sales s WHERE ${WINDOW_LIVE_SALES}) l,
                (SELECT count(*)::int AS total,
                        count(*) FILTER (WHERE created_at >= $8 AND created_at < $5)::int AS new
                   FROM customers WHERE business_id = $1) c,
                (SELECT count(*)::int AS total FROM products WHERE business_id = $1 AND is_active) p`,
        [...params, plan.windowStart.toISOString()],
      );
      return { rolled: r as Rolled, value: r as DashboardRow };
    });
    return toDashboard(plan, row);
  }

  async revenue(biz: BusinessContext, days: number) {
    const plan = await this.planner.plan(biz, days);
    const rows = await this.readRolledUp(biz, plan, async (params) => {
      const result: (RevenueRow & Rolled)[] = await this.db.query(
        `SELECT ${ROLLED}, u.* FROM (SELECT 1) one LEFT JOIN LATERAL (
           SELECT day::text AS day, orders, revenue::text AS revenue FROM analytics_daily_sales WHERE ${WINDOW_DAYS}
           UNION ALL
           SELECT day::text, sum(orders)::int, sum(revenue)::text FROM analytics_hourly_sales WHERE ${WINDOW_HOURS} GROUP BY day
           UNION ALL
           SELECT ${localDateSql('s.created_at', '$8')}::text, count(*)::int, sum(s.total)::text
             FROM sales s WHERE ${WINDOW_LIVE_SALES} GROUP BY 1
         ) u ON true`,
        [...params, biz.timezone],
      );
      return { rolled: result[0], value: result.filter((r) => r.day !== null) };
    });
    return toRevenueSeries(plan, rows);
  }

  async topProducts(biz: BusinessContext, days: number, limit: number, sort: TopProductSort) {
    const plan = await this.planner.plan(biz, days);
    const rows = await this.readRolledUp(biz, plan, async (params) => {
      const result: (TopProductRow & Rolled)[] = await this.db.query(
        `WITH agg AS (
           SELECT product_id, sum(quantity) AS quantity, sum(revenue) AS revenue FROM (
             SELECT product_id, quantity, revenue FROM analytics_daily_products WHERE ${WINDOW_DAYS}
             UNION ALL
             SELECT product_id, quantity, revenue FROM analytics_hourly_products WHERE ${WINDOW_HOURS}
             UNION ALL
             SELECT i.product_id, i.quantity, i.total
               FROM sales s JOIN sale_items i ON i.business_id = $1 AND i.sale_id = s.id
              WHERE ${WINDOW_LIVE_SALES}
           ) u GROUP BY product_id
         )
         SELECT ${ROLLED}, t.* FROM (SELECT 1) one LEFT JOIN LATERAL (
           SELECT a.product_id, p.name, p.sku, a.quantity::text AS total_sold, a.revenue::text AS total_revenue
             FROM agg a JOIN products p ON p.business_id = $1 AND p.id = a.product_id
            ORDER BY ${TOP_PRODUCT_ORDER[sort]}
            LIMIT $8
         ) t ON true`,
        [...params, limit],
      );
      return { rolled: result[0], value: result.filter((r) => r.product_id !== null) };
    });
    return rows.map(toTopProduct);
  }

  /**
   * Runs a read whose closed days and hours come from the rollups; when some of them are not
   * rolled up yet (first query of those days or hours, or invalidated since), rolls them up and
   * reads again.
   */
  private async readRolledUp<T>(biz: BusinessContext, plan: AnalyticsPlan, read: (params: unknown[]) => Promise<{ rolled: Rolled; value: T }>): Promise<T> {
    const last = plan.windowBuckets[plan.windowBuckets.length - 1];
    const params = [
      biz.id,
      plan.firstDay,
      plan.rollupTo,
      plan.windowLiveStart.toISOString(),
      plan.end.toISOString(),
      last?.day ?? plan.rollupTo,
      last?.hour ?? 0,
    ];
    const days = dayCount(plan.firstDay, plan.rollupTo);
    for (let attempt = 1; ; attempt++) {
      const { rolled, value } = await read(params);
      if (rolled.rolled_days === days && rolled.rolled_hours === plan.windowBuckets.length) return value;
      if (attempt === MAX_READS) throw new Error(`analytics rollup of business ${biz.id} still incomplete after ${attempt} fills`);
      await this.rollups.fillDays(biz.id, biz.timezone, plan.firstDay, plan.rollupTo);
      await this.rollups.fillBuckets(biz.id, plan.windowBuckets);
    }
  }
}
