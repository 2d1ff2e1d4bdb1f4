import { defineStatement } from '../../../database/statement';

/**
 * The dispatcher's statements. The dispatcher works outside any request, so each is ONE statement,
 * atomic on its own and committed at once; rows are claimed with FOR UPDATE SKIP LOCKED so that any
 * number of processes can drain the same tables without taking the same row twice.
 */

/**
 * Claims up to $1 undispatched events, records one pending delivery (attempt limit $2) per matching
 * active webhook of the event's business registered before the event, and marks the events
 * dispatched: how many events were claimed. An event's time is its recording in the app, to the
 * millisecond, while a webhook's is the database's, to the microsecond: compared at the millisecond,
 * an event recorded just after a registration, in the same millisecond, is not taken as older. Deliveries are created in event order
 * (clock_timestamp per row), so the log, newest first, follows the events.
 *
 * Its commit does not wait for the WAL flush (synchronous_commit off for this statement's
 * transaction): no delivery it creates is attempted before a claim (settleAndClaim) commits, and
 * that commit's flush carries every earlier commit record, this one included. A crash before then
 * loses only the fan-out itself (the events are undispatched again and fanned out after restart),
 * never an event, and nothing was sent from it. Measured: on one busy store the fan-outs were a
 * third of the database's commit flushes, each in the way of the order holding the sale counter.
 */
function fanOutSql(oneBusiness: boolean): string {
  const ofBusiness = oneBusiness ? ' AND business_id = $3' : '';
  return `WITH claimed AS (
         SELECT seq, id, business_id, type, created_at FROM outbox_events
          WHERE dispatched_at IS NULL${ofBusiness}
          ORDER BY seq LIMIT $1
          FOR UPDATE SKIP LOCKED
       ), marked AS (
         UPDATE outbox_events o SET dispatched_at = now() FROM claimed c WHERE o.business_id = c.business_id AND o.seq = c.seq${ofBusiness.replace('business_id', 'o.business_id')} RETURNING o.seq
       ), inserted AS (
         INSERT INTO webhook_deliveries (business_id, webhook_id, event_id, event, status, attempt_limit, next_attempt_at, created_at)
         SELECT c.business_id, w.id, c.id, c.type, 'pending', $2, now(), clock_timestamp()
           FROM claimed c
           JOIN webhooks w ON w.business_id = c.business_id AND w.is_active AND c.type = ANY (w.events) AND date_trunc('milliseconds', w.created_at) <= c.created_at${ofBusiness.replace('business_id', 'w.business_id')}
          ORDER BY c.seq
         ON CONFLICT (business_id, webhook_id, event_id) DO NOTHING
       )
       SELECT count(*)::int AS events, set_config('synchronous_commit', 'off', true) AS commit_mode FROM marked`;
}

export const fanOutEvents = defineStatement<[limit: number, attemptLimit: number], { events: number; commit_mode: string }>(
  'webhooks.fanOutEvents',
  fanOutSql(false),
);

/**
 * fanOutEvents within business $3: on Citus, where a statement that locks rows must stay within one
 * business's shard (a router query); the dispatcher runs it for each business with undispatched
 * events (businessesWithUndispatchedEvents, a read across shards).
 */
export const fanOutEventsOfBusiness = defineStatement<[limit: number, attemptLimit: number, businessId: string], { events: number; commit_mode: string }>(
  'webhooks.fanOutEventsOfBusiness',
  fanOutSql(true),
);

/** Up to $1 businesses with undispatched events (Citus: a read across the shards, locking nothing). */
export const businessesWithUndispatchedEvents = defineStatement<[limit: number], { business_id: string }>(
  'webhooks.businessesWithUndispatchedEvents',
  `SELECT DISTINCT business_id FROM outbox_events WHERE dispatched_at IS NULL LIMIT $1`,
);

/** Up to $1 businesses with deliveries pending or in flight (Citus: a read across the shards, locking nothing). */
export const businessesWithOpenDeliveries = defineStatement<[limit: number], { business_id: string }>(
  'webhooks.businessesWithOpenDeliveries',
  `SELECT DISTINCT business_id FROM webhook_deliveries WHERE status IN ('pending', 'delivering') AND next_attempt_at <= now() LIMIT $1`,
);

/** A delivery just claimed, with its webhook and its event (type null if the event row is gone). */
export interface ClaimedDeliveryRow {
  id: string;
  business_id: string;
  webhook_id: string;
  event_id: string;
  attempts: number;
  attempt_limit: number;
  url: string;
  secret: string | null;
  is_active: boolean;
  type: string | null;
  data: Record<string, unknown>;
  occurred_at: Date;
  /** the trace context of the request that recorded the event (null when it was not traced) */
  trace_parent: string | null;
}

export type SettleAndClaimParams = [
  limit: number,
  perWebhook: number,
  busyWebhookIds: string[],
  busyCounts: number[],
  leaseMs: number,
  settledIds: string[],
  settledAttempts: number[],
  settledStatuses: string[],
  responseCodes: (number | null)[],
  durationsMs: number[],
  errors: (string | null)[],
  retriesMs: (number | null)[],
  settledBusinessIds: string[],
];

/**
 * Records the finished attempts ($6..$12, $13: id, attempts, status, response_code, duration_ms, error,
 * retry_ms) where the row is still that attempt's, then claims up to $1 due deliveries, at most $2
 * per webhook counting the ones in flight here ($3/$4), leased for $5 ms. See
 * DeliveryStore.settleAndClaim for why the two updates never touch the same row. Planned per run:
 * the dispatcher starts with the process, often on empty tables, and the generic plan made then
 * hashed every delivery and every outbox event to settle and describe a dozen, on every pass. Each
 * delivery, webhook and event is reached by its key (`id = ANY`, LATERAL probes): joined to the 64
 * claims of a pass on a table without statistics, the claim hashed every delivery too, sequential
 * scans that took a tenth of PostgreSQL's CPU in a profile of the orders bench. The webhooks a pass
 * serves are those with open deliveries (`open_hooks`, a skip scan of webhook_deliveries_due_idx:
 * one index descent per such webhook), each then probed for its due ones up to its share: a pass
 * that probed every webhook of every business took 13-39 ms with 10,000 idle webhooks, against 3 ms
 * now and with none; the skip scan costs ~0.2 ms a pass with one webhook. It runs from each
 * webhook's latest entry down: the index keeps the entries of finished deliveries until a vacuum,
 * and they are the earliest, so a webhook busy with new deliveries is found at its first entry.
 */
function settleAndClaimSql(oneBusiness: boolean): string {
  const b = (alias: string): string => (oneBusiness ? ` AND ${alias}.business_id = $14` : '');
  // on Citus (one business) the webhooks with open deliveries are read plainly: Citus refuses a
  // recursive CTE whose filter on business_id it cannot see, and a business has few webhooks
  return `
  WITH${oneBusiness ? '' : ' RECURSIVE'} outcome AS (
    SELECT o.*, now() + o.retry_ms * interval '1 millisecond' AS retry_at
      FROM unnest($6::uuid[], $7::int[], $8::text[], $9::int[], $10::int[], $11::text[], $12::int[], $13::uuid[])
        AS o(id, attempts, status, response_code, duration_ms, error, retry_ms, business_id)
  ), settled AS (
    UPDATE webhook_deliveries d
       SET status = o.status, response_code = o.response_code, duration_ms = o.duration_ms, error = o.error,
           next_attempt_at = o.retry_at,
           updated_at = now()
      FROM outcome o
     WHERE d.id = ANY ($6::uuid[]) AND d.id = o.id AND d.business_id = o.business_id${b('d')} AND d.status = 'delivering' AND d.attempts = o.attempts
${
  oneBusiness
    ? `  ), open_hooks AS (
    SELECT DISTINCT d.webhook_id FROM webhook_deliveries d WHERE d.status IN ('pending', 'delivering') AND $1 > 0${b('d')}
`
    : `  ), open_hooks AS (
    (SELECT d.webhook_id FROM webhook_deliveries d WHERE d.status IN ('pending', 'delivering') AND $1 > 0
      ORDER BY d.webhook_id DESC, d.next_attempt_at DESC LIMIT 1)
    UNION ALL
    SELECT (SELECT d.webhook_id FROM webhook_deliveries d
             WHERE d.status IN ('pending', 'delivering') AND d.webhook_id < h.webhook_id
             ORDER BY d.webhook_id DESC, d.next_attempt_at DESC LIMIT 1)
      FROM open_hooks h WHERE h.webhook_id IS NOT NULL
`
}  ), pick AS (
    SELECT x.business_id, x.id FROM open_hooks h
      LEFT JOIN unnest($3::uuid[], $4::int[]) AS b(webhook_id, busy) ON b.webhook_id = h.webhook_id
      CROSS JOIN LATERAL (
        SELECT d.business_id, d.id, d.next_attempt_at FROM webhook_deliveries d
         WHERE d.webhook_id = h.webhook_id AND d.status IN ('pending', 'delivering') AND d.next_attempt_at <= now()${b('d')}
         ORDER BY d.next_attempt_at
         LIMIT greatest(0, $2 - coalesce(b.busy, 0))
         FOR UPDATE SKIP LOCKED
      ) x
     WHERE h.webhook_id IS NOT NULL
     ORDER BY x.next_attempt_at
     LIMIT $1
  ), claimed AS (
    UPDATE webhook_deliveries d
       SET status = 'delivering', attempts = d.attempts + 1,
           next_attempt_at = now() + $5 * interval '1 millisecond', updated_at = now()
     WHERE d.id = ANY (ARRAY(SELECT id FROM pick))${b('d')}
    RETURNING d.id, d.business_id, d.webhook_id, d.event_id, d.attempts, d.attempt_limit
  )
  SELECT c.id, c.business_id, c.webhook_id, c.event_id, c.attempts, c.attempt_limit, w.url, w.secret, w.is_active,
         o.type, o.data, o.created_at AS occurred_at, o.trace_parent
    FROM claimed c
   CROSS JOIN LATERAL (SELECT url, secret, is_active FROM webhooks w WHERE w.business_id = c.business_id${b('w')} AND w.id = c.webhook_id OFFSET 0) w
    LEFT JOIN LATERAL (SELECT type, data, created_at, trace_parent FROM outbox_events o WHERE o.business_id = c.business_id${b('o')} AND o.id = c.event_id OFFSET 0) o ON true`;
}

export const settleAndClaim = defineStatement<SettleAndClaimParams, ClaimedDeliveryRow>('webhooks.settleAndClaim', settleAndClaimSql(false), {
  plannedPerRun: true,
});

/**
 * settleAndClaim within business $14 (Citus: a router query; the outcomes given are that business's,
 * DeliveryStore groups them).
 */
export const settleAndClaimOfBusiness = defineStatement<[...SettleAndClaimParams, businessId: string], ClaimedDeliveryRow>(
  'webhooks.settleAndClaimOfBusiness',
  settleAndClaimSql(true),
  { plannedPerRun: true },
);

/** Finished deliveries created more than $1 days ago. */
export const purgeFinishedDeliveries = defineStatement<[retentionDays: number], never>(
  'webhooks.purgeFinishedDeliveries',
  `DELETE FROM webhook_deliveries WHERE created_at < now() - $1 * interval '1 day' AND status IN ('succeeded', 'failed')`,
);

/** Dispatched events created more than $1 days ago that no delivery refers to any more. */
export const purgeDispatchedEvents = defineStatement<[retentionDays: number], never>(
  'webhooks.purgeDispatchedEvents',
  `DELETE FROM outbox_events o WHERE o.created_at < now() - $1 * interval '1 day' AND o.dispatched_at IS NOT NULL
          AND NOT EXISTS (SELECT 1 FROM webhook_deliveries d WHERE d.business_id = o.business_id AND d.event_id = o.id)`,
);
