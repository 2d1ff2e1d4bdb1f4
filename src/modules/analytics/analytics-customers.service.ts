import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { BusinessContext } from '../../common/auth/business-context';
import { runStatement } from '../../database/run-statement';
import { AnalyticsPlan, AnalyticsPlanner } from './analytics-plan';
import { toCustomerStats } from './analytics.mapper';
import { mergeCustomerStats } from './customer-stats';
import { CustomerSnapshotsService } from './customer-snapshots.service';
import { CustomerCounts, customerCounts, CustomerIdentity, customerIdentities, customersSince } from './persistence/customer-analytics.sql';

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
      this.snapshots.upToLiveStart(biz.id, plan, { forRequest: true }),
      runStatement(this.db, customersSince, [biz.id, plan.windowStart.toISOString(), plan.liveStart.toISOString(), plan.end.toISOString()]),
      this.counts(biz, plan),
    ]);
    const stats = mergeCustomerStats(closed, live);
    const identities: CustomerIdentity[] = stats.top.length
      ? await runStatement(this.db, customerIdentities, [biz.id, stats.top.map((t) => t.customer_id)])
      : [];
    return toCustomerStats(plan, counts, stats, identities);
  }

  private async counts(biz: BusinessContext, plan: AnalyticsPlan): Promise<CustomerCounts> {
    const [row] = await runStatement(this.db, customerCounts, [biz.id, plan.windowStart.toISOString(), plan.end.toISOString()]);
    return row;
  }
}
