import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Tx } from '../../database/transaction';
import { AnalyticsPlan } from './analytics-plan';
import { AnalyticsRollupService } from './analytics-rollup.service';
import { CUSTOMER_BASE_SQL, CUSTOMERS_SINCE_SQL } from './analytics-sql';
import { ClosedCustomerStats, extendClosedStats, LiveCustomerRow, TOP_CUSTOMERS } from './customer-stats';

interface SnapshotRow {
  through: Date;
  data: ClosedCustomerStats;
}

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

  /** The snapshot of the plan's window up to its live start, stored if it was not. */
  async upToLiveStart(businessId: string, plan: AnalyticsPlan): Promise<ClosedCustomerStats> {
    const [exact]: SnapshotRow[] = await this.db.query(
      `SELECT through, data FROM analytics_customer_snapshots WHERE business_id = $1 AND first_day = $2 AND through = $3`,
      [businessId, plan.firstDay, plan.liveStart.toISOString()],
    );
    if (exact) return exact.data;
    return this.rollups.withFillLock(businessId, (tx) => this.build(tx, businessId, plan));
  }

  private async build(tx: Tx, businessId: string, plan: AnalyticsPlan): Promise<ClosedCustomerStats> {
    // Read under the lock: an invalidation committed before it is seen, one after it waits for us.
    const [latest] = await tx.query<SnapshotRow>(
      `SELECT through, data FROM analytics_customer_snapshots
        WHERE business_id = $1 AND first_day = $2 AND through >= $3 AND through <= $4
        ORDER BY through DESC LIMIT 1`,
      [businessId, plan.firstDay, plan.closedEnd.toISOString(), plan.liveStart.toISOString()],
    );
    let stats = latest?.data;
    let through = latest?.through ?? plan.closedEnd;
    if (!stats) {
      const [base] = await tx.query<{ data: ClosedCustomerStats }>(CUSTOMER_BASE_SQL, [
        businessId,
        plan.windowStart.toISOString(),
        through.toISOString(),
        TOP_CUSTOMERS,
      ]);
      stats = base.data;
    }
    if (through.getTime() < plan.liveStart.getTime()) {
      const since = await tx.query<LiveCustomerRow>(CUSTOMERS_SINCE_SQL, [
        businessId,
        plan.windowStart.toISOString(),
        through.toISOString(),
        plan.liveStart.toISOString(),
      ]);
      stats = extendClosedStats(stats, since);
      through = plan.liveStart;
    }
    await this.replace(tx, businessId, plan, through, stats);
    return stats;
  }

  /** Stores the snapshot through `through`; older snapshots of this window, and all of the days before, are never asked for again. */
  private async replace(tx: Tx, businessId: string, plan: AnalyticsPlan, through: Date, stats: ClosedCustomerStats): Promise<void> {
    await tx.query(
      `DELETE FROM analytics_customer_snapshots
        WHERE business_id = $1 AND (through < $2 OR (first_day = $3 AND through < $4))`,
      [businessId, plan.closedEnd.toISOString(), plan.firstDay, through.toISOString()],
    );
    await tx.query(
      `INSERT INTO analytics_customer_snapshots (business_id, first_day, through, data) VALUES ($1, $2, $3, $4)
       ON CONFLICT DO NOTHING`,
      [businessId, plan.firstDay, through.toISOString(), JSON.stringify(stats)],
    );
  }
}
