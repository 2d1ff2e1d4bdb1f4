import { defineStatement } from '../../../database/statement';
import { StoredEvent } from '../event-envelope';

/** Where a feed page starts: the (writing transaction, seq) of event $2 of business $1. */
export const feedCursor = defineStatement<[businessId: string, eventId: string], { xact: string; seq: string }>(
  'events.feedCursor',
  `SELECT xact_id::text AS xact, seq::text AS seq FROM outbox_events WHERE business_id = $1 AND id = $2`,
);

export type FeedRow = StoredEvent & { settled: boolean };

/**
 * Up to $6 events of business $1 from the last $2 days, after the cursor ($3, $4) when given, of
 * type $5 when given, in (writing transaction, seq) order. `settled`: the writing transaction is
 * older than every transaction still running that may write to this database's outbox, so no
 * event can appear before this one any more.
 */
export const feedPage = defineStatement<
  [businessId: string, days: number, cursorXact: string | null, cursorSeq: string | null, type: string | null, limit: number],
  FeedRow
>(
  'events.feedPage',
  `WITH snap AS (SELECT pg_current_snapshot() AS s),
       horizon AS (
         -- the oldest transaction still running that may write to this database's outbox; only
         -- transactions positively seen in another database are left out
         SELECT coalesce(
           (SELECT min(x) FROM snap, pg_snapshot_xip(snap.s) AS x
             WHERE NOT EXISTS (
               SELECT 1 FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
                WHERE l.locktype = 'transactionid' AND l.transactionid = xid(x) AND a.datname <> current_database())),
           (SELECT pg_snapshot_xmax(s) FROM snap)) AS h
       )
       SELECT id, type, data, created_at, xact_id < horizon.h AS settled
         FROM outbox_events, horizon
        WHERE business_id = $1
          AND created_at > now() - $2 * interval '1 day'
          AND ($3::xid8 IS NULL OR (xact_id, seq) > ($3::xid8, $4::bigint))
          AND ($5::text IS NULL OR type = $5)
        ORDER BY xact_id, seq
        LIMIT $6`,
  // planned per run: the optional cursor and type filters fold away only for actual values
  { plannedPerRun: true },
);
