import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { BusinessContext } from '../../common/auth/business-context';
import { AnalyticsRollupService } from './analytics-rollup.service';
import { dayEnd, dayStart } from './analytics-sql';
import { analyticsWindow } from './analytics-window';
import { CustomerCounts, CustomerIdentity, toCustomerStats } from './analytics.mapper';
import { LiveCustomerRow, mergeCustomerStats } from './customer-stats';

// $2 first day of the window, $3 last closed day, $4 today, $5 time zone.
const WINDOW_START = dayStart('$2', '$5');
const CLOSED_END = dayEnd('$3', '$5');

/**
 * /analytics/customers (definitions in customer-stats.ts). The closed days come from a stored
 * snapshot per (window start, last closed day), built from the sales on first use; the customers
 * who bought after the last closed day are read live, each with what the closed days hold about
 * them (two probes on the (business_id, customer_id, created_at) sales index), and merged in.
 */
@Injectable()
export class AnalyticsCustomersService {
  constructor(
    private readonly db: DataSource,
    private readonly rollups: AnalyticsRollupService,
  ) {}

  async customers(biz: BusinessContext, days: number) {
    const w = analyticsWindow(new Date(), biz.timezone, days);
    const closed =
      (await this.rollups.findCustomerSnapshot(biz.id, w.firstDay, w.lastClosedDay)) ??
      (await this.rollups.buildCustomerSnapshot(biz.id, biz.timezone, w.firstDay, w.lastClosedDay));
    const params = [biz.id, w.firstDay, w.lastClosedDay, w.today, biz.timezone];
    const live: LiveCustomerRow[] = await this.db.query(
      `WITH l AS (
         SELECT customer_id,
                count(*) FILTER (WHERE created_at >= ${WINDOW_START})::int AS window_orders,
                coalesce(sum(total) FILTER (WHERE created_at >= ${WINDOW_START}), 0)::text AS window_spent,
                count(*) FILTER (WHERE created_at < ${WINDOW_START})::int AS pre_window_orders,
                sum(total)::text AS live_spent
           FROM sales
          WHERE business_id = $1 AND status = 'completed' AND customer_id IS NOT NULL
            AND created_at >= ${CLOSED_END} AND created_at < ${dayEnd('$4', '$5')}
          GROUP BY customer_id
       )
       SELECT l.*, c.closed_orders, c.closed_spent, h.has_history
         FROM l
        CROSS JOIN LATERAL (
          SELECT count(*)::int AS closed_orders, coalesce(sum(total), 0)::text AS closed_spent FROM sales x
           WHERE x.business_id = $1 AND x.customer_id = l.customer_id AND x.status = 'completed'
             AND x.created_at >= ${WINDOW_START} AND x.created_at < ${CLOSED_END}
        ) c
        CROSS JOIN LATERAL (
          SELECT EXISTS (SELECT 1 FROM sales y
                          WHERE y.business_id = $1 AND y.customer_id = l.customer_id AND y.status = 'completed'
                            AND y.created_at < least(${WINDOW_START}, ${CLOSED_END})) AS has_history
        ) h`,
      params,
    );
    const stats = mergeCustomerStats(closed, live);
    const [counts]: CustomerCounts[] = await this.db.query(
      `SELECT count(*)::int AS total,
              count(*) FILTER (WHERE created_at >= ${dayStart('$2', '$4')} AND created_at < ${dayEnd('$3', '$4')})::int AS new
         FROM customers WHERE business_id = $1`,
      [biz.id, w.firstDay, w.today, biz.timezone],
    );
    const identities: CustomerIdentity[] = stats.top.length
      ? await this.db.query(`SELECT id, name, email FROM customers WHERE business_id = $1 AND id = ANY($2::uuid[])`, [
          biz.id,
          stats.top.map((t) => t.customer_id),
        ])
      : [];
    return toCustomerStats(w, counts, stats, identities);
  }
}
