import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { BusinessContext } from '../../common/auth/business-context';
import { AnalyticsPlan, AnalyticsPlanner } from './analytics-plan';
import { CUSTOMERS_SINCE_SQL } from './analytics-sql';
import { CustomerCounts, CustomerIdentity, toCustomerStats } from './analytics.mapper';
import { LiveCustomerRow, mergeCustomerStats } from './customer-stats';
import { CustomerSnapshotsService } from './customer-snapshots.service';

/**
 * /analytics/customers (definitions in customer-stats.ts): the stored snapshot of the window up to
 * the live start, merged with the customers who bought since. The three reads are independent and
 * run side by side on the pool.
 */
@Injectable()
export class AnalyticsCustomersService {
  constructor(
    private readonly db: DataSource,
    private readonly planner: AnalyticsPlanner,
    private readonly snapshots: CustomerSnapshotsService,
  ) {}

  async customers(biz: BusinessContext, days: number) {
    const plan = await this.planner.plan(biz, days);
    const [closed, live, counts] = await Promise.all([
      this.snapshots.upToLiveStart(biz.id, plan),
      this.db.query(CUSTOMERS_SINCE_SQL, [
        biz.id,
        plan.windowStart.toISOString(),
        plan.liveStart.toISOString(),
        plan.end.toISOString(),
      ]) as Promise<LiveCustomerRow[]>,
      this.counts(biz, plan),
    ]);
    const stats = mergeCustomerStats(closed, live);
    const identities: CustomerIdentity[] = stats.top.length
      ? await this.db.query(`SELECT id, name, email FROM customers WHERE business_id = $1 AND id = ANY($2::uuid[])`, [
          biz.id,
          stats.top.map((t) => t.customer_id),
        ])
      : [];
    return toCustomerStats(plan, counts, stats, identities);
  }

  private async counts(biz: BusinessContext, plan: AnalyticsPlan): Promise<CustomerCounts> {
    const [row]: CustomerCounts[] = await this.db.query(
      `SELECT count(*)::int AS total, count(*) FILTER (WHERE created_at >= $2 AND created_at < $3)::int AS new
         FROM customers WHERE business_id = $1`,
      [biz.id, plan.windowStart.toISOString(), plan.end.toISOString()],
    );
    return row;
  }
}
