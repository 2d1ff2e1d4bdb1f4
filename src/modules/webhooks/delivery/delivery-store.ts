import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { StoredEvent } from '../../events/event-envelope';
import { NextStep, AttemptOutcome } from './delivery-policy';

/** A delivery claimed by this process, with what it needs to make the attempt. */
export interface ClaimedDelivery {
  id: string;
  webhook_id: string;
  attempts: number;
  attempt_limit: number;
  url: string;
  secret: string | null;
  is_active: boolean;
  /** null only if the event row is gone (it never is while a delivery refers to it) */
  event: StoredEvent | null;
}

/** A finished attempt waiting to be written with the dispatcher's next pass. */
export interface SettledAttempt {
  delivery: ClaimedDelivery;
  outcome: AttemptOutcome;
  next: NextStep;
}

export const RETENTION_DAYS = 30;

/**
 * settleAndClaim's statement: $1 limit, $2 per webhook, $3/$4 the deliveries in flight here per
 * webhook, $5 lease (ms), $6..$12 the finished attempts (id, attempts, status, response_code,
 * duration_ms, error, retry_ms).
 */
const SETTLE_AND_CLAIM_SQL = `
  WITH outcome AS (
    SELECT * FROM unnest($6::uuid[], $7::int[], $8::text[], $9::int[], $10::int[], $11::text[], $12::int[])
      AS o(id, attempts, status, response_code, duration_ms, error, retry_ms)
  ), settled AS (
    UPDATE webhook_deliveries d
       SET status = o.status, response_code = o.response_code, duration_ms = o.duration_ms, error = o.error,
           next_attempt_at = CASE WHEN o.retry_ms IS NULL THEN NULL ELSE now() + o.retry_ms * interval '1 millisecond' END,
           updated_at = now()
      FROM outcome o
     WHERE d.id = o.id AND d.status = 'delivering' AND d.attempts = o.attempts
  ), pick AS (
    SELECT x.id FROM webhooks w
      LEFT JOIN unnest($3::uuid[], $4::int[]) AS b(webhook_id, busy) ON b.webhook_id = w.id
      CROSS JOIN LATERAL (
        SELECT d.id, d.next_attempt_at FROM webhook_deliveries d
         WHERE d.webhook_id = w.id AND d.status IN ('pending', 'delivering') AND d.next_attempt_at <= now()
         ORDER BY d.next_attempt_at
         LIMIT greatest(0, $2 - coalesce(b.busy, 0))
         FOR UPDATE SKIP LOCKED
      ) x
     WHERE $1 > 0
     ORDER BY x.next_attempt_at
     LIMIT $1
  ), claimed AS (
    UPDATE webhook_deliveries d
       SET status = 'delivering', attempts = d.attempts + 1,
           next_attempt_at = now() + $5 * interval '1 millisecond', updated_at = now()
      FROM pick WHERE d.id = pick.id
    RETURNING d.id, d.webhook_id, d.event_id, d.attempts, d.attempt_limit
  )
  SELECT c.id, c.webhook_id, c.event_id, c.attempts, c.attempt_limit, w.url, w.secret, w.is_active,
         o.type, o.data, o.created_at AS occurred_at
    FROM claimed c
    JOIN webhooks w ON w.id = c.webhook_id
    LEFT JOIN outbox_events o ON o.id = c.event_id`;

type ClaimedRow = Omit<ClaimedDelivery, 'event'> & { event_id: string; type: string | null; data: Record<string, unknown>; occurred_at: Date };

function toClaimedDelivery(r: ClaimedRow): ClaimedDelivery {
  return {
    id: r.id,
    webhook_id: r.webhook_id,
    attempts: r.attempts,
    attempt_limit: r.attempt_limit,
    url: r.url,
    secret: r.secret,
    is_active: r.is_active,
    event: r.type === null ? null : { id: r.event_id, type: r.type, data: r.data, created_at: r.occurred_at },
  };
}

/**
 * The dispatcher's SQL. The dispatcher works outside any request, so each method is ONE statement,
 * atomic on its own and committed at once; rows are claimed with FOR UPDATE SKIP LOCKED so that
 * any number of processes can drain the same tables without taking the same row twice.
 */
@Injectable()
export class DeliveryStore {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * Claims up to `limit` undispatched events, records one pending delivery per matching active
   * webhook of the event's business (registered before the event), and marks the events
   * dispatched. Returns how many events were claimed. Deliveries are created in event order
   * (clock_timestamp per row), so the log, newest first, follows the events.
   */
  async fanOut(limit: number, attemptLimit: number): Promise<number> {
    const [row] = await this.rows<{ events: number }>(
      `WITH claimed AS (
         SELECT seq, id, business_id, type, created_at FROM outbox_events
          WHERE dispatched_at IS NULL
          ORDER BY seq LIMIT $1
          FOR UPDATE SKIP LOCKED
       ), marked AS (
         UPDATE outbox_events o SET dispatched_at = now() FROM claimed c WHERE o.seq = c.seq RETURNING o.seq
       ), inserted AS (
         INSERT INTO webhook_deliveries (business_id, webhook_id, event_id, event, status, attempt_limit, next_attempt_at, created_at)
         SELECT c.business_id, w.id, c.id, c.type, 'pending', $2, now(), clock_timestamp()
           FROM claimed c
           JOIN webhooks w ON w.business_id = c.business_id AND w.is_active AND c.type = ANY (w.events) AND w.created_at <= c.created_at
          ORDER BY c.seq
         ON CONFLICT (webhook_id, event_id) DO NOTHING
       )
       SELECT count(*)::int AS events FROM marked`,
      [limit, attemptLimit],
    );
    return row.events;
  }

  /**
   * One round trip per dispatcher pass: records the outcomes of finished attempts, then claims up
   * to `limit` due deliveries (pending and due, or delivering with an expired lease: the process
   * making the attempt died).
   *
   * An outcome is recorded only if the row is still this attempt's (same attempts count, still
   * delivering): if the lease was lost and another process took the row over, its result wins.
   *
   * At most `perWebhook` deliveries per webhook are in flight, counting the ones this process
   * already has (`busy`), so one slow receiver cannot take every slot. The claim walks the
   * webhooks and takes each one's earliest due rows from its index, so its cost follows the number
   * of webhooks, not the size of a backlog. The due condition sits on the locked row, so a row
   * another process claimed meanwhile is re-checked after the lock and skipped. Rows just settled
   * are not due (their lease has not run out), so the two updates never touch the same row.
   */
  async settleAndClaim(outcomes: SettledAttempt[], limit: number, perWebhook: number, busy: Map<string, number>, leaseMs: number): Promise<ClaimedDelivery[]> {
    const rows = await this.rows<ClaimedRow>(
      SETTLE_AND_CLAIM_SQL,
      [
        limit,
        perWebhook,
        [...busy.keys()],
        [...busy.values()],
        leaseMs,
        outcomes.map((s) => s.delivery.id),
        outcomes.map((s) => s.delivery.attempts),
        outcomes.map((s) => s.next.status),
        outcomes.map((s) => s.outcome.responseCode),
        outcomes.map((s) => s.outcome.durationMs),
        outcomes.map((s) => s.outcome.error),
        outcomes.map((s) => s.next.retryInMs),
      ],
    );
    return rows.map(toClaimedDelivery);
  }

  /** The events feed and the delivery log keep 30 days (CONTRACT.md 10); dispatched events older than that go. */
  async purgeExpired(): Promise<void> {
    await this.rows(`DELETE FROM webhook_deliveries WHERE created_at < now() - $1 * interval '1 day' AND status IN ('succeeded', 'failed')`, [
      RETENTION_DAYS,
    ]);
    await this.rows(
      `DELETE FROM outbox_events o WHERE o.created_at < now() - $1 * interval '1 day' AND o.dispatched_at IS NOT NULL
          AND NOT EXISTS (SELECT 1 FROM webhook_deliveries d WHERE d.event_id = o.id)`,
      [RETENTION_DAYS],
    );
  }

  private async rows<T>(sql: string, params: unknown[]): Promise<T[]> {
    const runner = this.dataSource.createQueryRunner();
    try {
      return (await runner.query(sql, params, true)).records as T[];
    } finally {
      await runner.release();
    }
  }
}
