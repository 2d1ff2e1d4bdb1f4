import { defineStatement } from '../../../database/statement';

/**
 * Up to $2 entries of any business that occurred before $1, oldest first, removed (the retention
 * job, docs/api.md 20): a batch at a time, through the index on occurred_at, so one pass never holds
 * many row locks. Planned per run: a generic plan made while the table was small would not know how
 * far $1 reaches.
 */
export const removeOldActivity = defineStatement<[before: Date, batch: number], { removed: number }>(
  'activity.removeOld',
  `WITH old AS (SELECT business_id, id FROM activity_entries WHERE occurred_at < $1 ORDER BY occurred_at LIMIT $2),
        gone AS (DELETE FROM activity_entries d USING old WHERE d.business_id = old.business_id AND d.id = old.id RETURNING 1)
   SELECT count(*)::int AS removed FROM gone`,
  { plannedPerRun: true },
);
