import { defineStatement } from '../../../database/statement';

/** The session advisory lock of the analytics warmer (two int keys, 'AGWM' and 0): one pass at a time per database, whatever the number of processes. */
export const WARMER_LOCK_KEYS = [1095191885, 0] as const;
const WARMER_LOCK = WARMER_LOCK_KEYS.join(', ');

export const tryWarmerLock = defineStatement<[], { locked: boolean }>('analytics.tryWarmerLock', `SELECT pg_try_advisory_lock(${WARMER_LOCK}) AS locked`);

export const releaseWarmerLock = defineStatement<[], { released: boolean }>(
  'analytics.releaseWarmerLock',
  `SELECT pg_advisory_unlock(${WARMER_LOCK}) AS released`,
);

/**
 * The businesses with any sale, oldest first, and their time zones: the ones whose reports are worth
 * warming. Planned per run: a generic plan made while the sales table was empty read all of it on
 * every pass of the warmer. On Citus (a multi-shard read, docs/scale-out.md) the businesses with sales
 * are gathered from every shard first: Citus refuses a subquery correlated with a reference table.
 */
export const businessesToWarm = defineStatement<[], { id: string; timezone: string }>(
  'analytics.businessesToWarm',
  `SELECT b.id, b.timezone FROM businesses b
    WHERE EXISTS (SELECT 1 FROM sales s WHERE s.business_id = b.id)
    ORDER BY b.created_at, b.id`,
  {
    plannedPerRun: true,
    citusText: `SELECT b.id, b.timezone FROM businesses b
                 WHERE b.id IN (SELECT DISTINCT s.business_id FROM sales s)
                 ORDER BY b.created_at, b.id`,
  },
);
