import { defineStatement } from '../../../database/statement';
import type { ClosedCustomerStats } from '../customer-stats';

/**
 * analytics_customer_snapshots: per business, window first day and instant `through`, the closed
 * customer stats of that window up to `through` (a ClosedCustomerStats as json).
 */
export interface SnapshotRow {
  through: Date;
  data: ClosedCustomerStats;
}

/** The snapshot of the window starting on day $2 exactly through $3. */
export const exactSnapshot = defineStatement<[businessId: string, firstDay: string, through: string], SnapshotRow>(
  'analytics.exactSnapshot',
  `SELECT through, data FROM analytics_customer_snapshots WHERE business_id = $1 AND first_day = $2 AND through = $3`,
);

/** The most recent snapshot of the window starting on day $2 through an instant of [$3, $4]. */
export const latestSnapshot = defineStatement<[businessId: string, firstDay: string, from: string, to: string], SnapshotRow>(
  'analytics.latestSnapshot',
  `SELECT through, data FROM analytics_customer_snapshots
    WHERE business_id = $1 AND first_day = $2 AND through >= $3 AND through <= $4
    ORDER BY through DESC LIMIT 1`,
);

/** Snapshots no request asks for again: through before $2 (any window), or of window $3 through before $4. */
export const deleteOutdatedSnapshots = defineStatement<[businessId: string, closedEnd: string, firstDay: string, through: string], never>(
  'analytics.deleteOutdatedSnapshots',
  `DELETE FROM analytics_customer_snapshots
    WHERE business_id = $1 AND (through < $2 OR (first_day = $3 AND through < $4))`,
);

/** $4 the stats as json text. Two builds of one snapshot may run at once (fills share their lock): they store the same stats, so the later insert does nothing. */
export const insertSnapshot = defineStatement<[businessId: string, firstDay: string, through: string, data: string], never>(
  'analytics.insertSnapshot',
  `INSERT INTO analytics_customer_snapshots (business_id, first_day, through, data) VALUES ($1, $2, $3, $4)
   ON CONFLICT DO NOTHING`,
);
