import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { runStatement } from '../../database/run-statement';
import { Tx } from '../../database/transaction';
import { AnalyticsPlan } from './analytics-plan';
import { AnalyticsRollupService } from './analytics-rollup.service';
import { AnalyticsWarmWindow } from './entities/analytics-warm-window.entity';
import { ClosedCustomerStats, extendClosedStats, TOP_CUSTOMERS } from './customer-stats';
import { customerBase, customersSince } from './persistence/customer-analytics.sql';
import { deleteOutdatedSnapshots, exactSnapshot, insertSnapshot, latestSnapshot } from './persistence/customer-snapshots.sql';

/**
 * The closed part of /analytics/customers: for a window starting on `first_day`, the stats of
 * the sales before the instant `through` (analytics_customer_snapshots). The first snapshot of a
 * day is built from the whole sales history up to the end of the closed days; later ones extend
 * the latest one by the hour buckets closed since (only the customers who bought in them are
 * read), so a request reads one snapshot row plus the last hour or two live.
 */
@Injectable()
export class CustomerSnapshotsService {
  constructor(
    private readonly db: DataSource,
    private readonly rollups: AnalyticsRollupService,
  ) {}

  /**
   * The snapshot of the plan's window up to its live start, stored if it was not. `forRequest`: a
   * request had to build it, so its window length is remembered for the warmer (AnalyticsWarmWindow).
   */
  async upToLiveStart(businessId: string, plan: AnalyticsPlan, options: { forRequest?: boolean } = {}): Promise<ClosedCustomerStats> {
    const [exact] = await runStatement(this.db, exactSnapshot, [businessId, plan.firstDay, plan.liveStart.toISOString()]);
    if (exact) return exact.data;
    return this.rollups.withFillLock(businessId, async (tx) => {
      if (options.forRequest)
        await tx.getRepository(AnalyticsWarmWindow).upsert({ businessId, days: plan.days, lastBuiltAt: new Date() }, ['businessId', 'days']);
      return this.build(tx, businessId, plan);
    });
  }

  private async build(tx: Tx, businessId: string, plan: AnalyticsPlan): Promise<ClosedCustomerStats> {
    // Read under the lock: an invalidation committed before it is seen, one after it waits for us.
    const [latest] = await tx.run(latestSnapshot, [businessId, plan.firstDay, plan.closedEnd.toISOString(), plan.liveStart.toISOString()]);
    let stats = latest?.data;
    let through = latest?.through ?? plan.closedEnd;
    if (!stats) {
      const [base] = await tx.run(customerBase, [businessId, plan.windowStart.toISOString(), through.toISOString(), TOP_CUSTOMERS]);
      stats = base.data;
    }
    if (through.getTime() < plan.liveStart.getTime()) {
      const since = await tx.run(customersSince, [businessId, plan.windowStart.toISOString(), through.toISOString(), plan.liveStart.toISOString()]);
      stats = extendClosedStats(stats, since);
      through = plan.liveStart;
    }
    await this.replace(tx, businessId, plan, through, stats);
    return stats;
  }

  /** Stores the snapshot through `through`; older snapshots of this window, and all of the days before, are never asked for again. */
  private async replace(tx: Tx, businessId: string, plan: AnalyticsPlan, through: Date, stats: ClosedCustomerStats): Promise<void> {
    await tx.run(deleteOutdatedSnapshots, [businessId, plan.closedEnd.toISOString(), plan.firstDay, through.toISOString()]);
    await tx.run(insertSnapshot, [businessId, plan.firstDay, through.toISOString(), JSON.stringify(stats)]);
  }
}
