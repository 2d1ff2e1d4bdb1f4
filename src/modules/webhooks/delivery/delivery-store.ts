import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { runStatement } from '../../../database/run-statement';
import { StoredEvent } from '../../events/event-envelope';
import { onCitus } from '../../../database/citus';
import {
  businessesWithOpenDeliveries,
  businessesWithUndispatchedEvents,
  ClaimedDeliveryRow,
  fanOutEvents,
  fanOutEventsOfBusiness,
  purgeDispatchedEvents,
  purgeFinishedDeliveries,
  settleAndClaim,
  settleAndClaimOfBusiness,
  SettleAndClaimParams,
} from '../persistence/deliveries.sql';
import { AttemptOutcome, NextStep } from './delivery-policy';

/** A delivery claimed by this process, with what it needs to make the attempt. */
export interface ClaimedDelivery {
  id: string;
  business_id: string;
  webhook_id: string;
  attempts: number;
  attempt_limit: number;
  url: string;
  secret: string | null;
  is_active: boolean;
  /** null only if the event row is gone (it never is while a delivery refers to it) */
  event: StoredEvent | null;
  /** links the delivery's span to the request that recorded the event */
  trace_parent: string | null;
}

/** A finished attempt waiting to be written with the dispatcher's next pass. */
export interface SettledAttempt {
  delivery: ClaimedDelivery;
  outcome: AttemptOutcome;
  next: NextStep;
}

export const RETENTION_DAYS = 30;

/** On Citus, the businesses a dispatcher pass serves at most (each one router statement). */
const CITUS_BUSINESSES_PER_PASS = 64;

function toClaimedDelivery(r: ClaimedDeliveryRow): ClaimedDelivery {
  return {
    id: r.id,
    business_id: r.business_id,
    webhook_id: r.webhook_id,
    attempts: r.attempts,
    attempt_limit: r.attempt_limit,
    url: r.url,
    secret: r.secret,
    is_active: r.is_active,
    event: r.type === null ? null : { id: r.event_id, type: r.type, data: r.data, created_at: r.occurred_at },
    trace_parent: r.trace_parent,
  };
}

function settleAndClaimParams(outcomes: SettledAttempt[], limit: number, perWebhook: number, busy: Map<string, number>, leaseMs: number): SettleAndClaimParams {
  return [
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
    outcomes.map((s) => s.delivery.business_id),
  ];
}

/**
 * The dispatcher's reads and writes (persistence/deliveries.sql.ts): each one statement on a pooled
 * connection, committed on its own, so no claim outlives the statement that made it.
 */
@Injectable()
export class DeliveryStore {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * Claims up to `limit` undispatched events, records one pending delivery per matching active
   * webhook of the event's business (registered before the event), and marks the events
   * dispatched. Returns how many events were claimed.
   */
  async fanOut(limit: number, attemptLimit: number): Promise<number> {
    if (!onCitus()) {
      const [row] = await runStatement(this.dataSource, fanOutEvents, [limit, attemptLimit]);
      return row.events;
    }
    // Citus: which businesses have events is a read across the shards; each claim stays in one business's shard
    let events = 0;
    for (const { business_id } of await runStatement(this.dataSource, businessesWithUndispatchedEvents, [CITUS_BUSINESSES_PER_PASS])) {
      if (events >= limit) break;
      const [row] = await runStatement(this.dataSource, fanOutEventsOfBusiness, [limit - events, attemptLimit, business_id]);
      events += row.events;
    }
    return events;
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
    if (!onCitus()) {
      const rows = await runStatement(this.dataSource, settleAndClaim, settleAndClaimParams(outcomes, limit, perWebhook, busy, leaseMs));
      return rows.map(toClaimedDelivery);
    }
    // Citus: one router statement per business, with that business's outcomes; the businesses with
    // due deliveries are found by a read across the shards
    const byBusiness = new Map<string, SettledAttempt[]>();
    for (const o of outcomes) byBusiness.set(o.delivery.business_id, [...(byBusiness.get(o.delivery.business_id) ?? []), o]);
    if (limit > 0) {
      for (const { business_id } of await runStatement(this.dataSource, businessesWithOpenDeliveries, [CITUS_BUSINESSES_PER_PASS])) {
        if (!byBusiness.has(business_id)) byBusiness.set(business_id, []);
      }
    }
    const claimed: ClaimedDelivery[] = [];
    for (const [businessId, settled] of byBusiness) {
      const params = settleAndClaimParams(settled, Math.max(0, limit - claimed.length), perWebhook, busy, leaseMs);
      const rows = await runStatement(this.dataSource, settleAndClaimOfBusiness, [...params, businessId]);
      claimed.push(...rows.map(toClaimedDelivery));
    }
    return claimed;
  }

  /** The events feed and the delivery log keep 30 days; dispatched events older than that go. */
  async purgeExpired(): Promise<void> {
    await runStatement(this.dataSource, purgeFinishedDeliveries, [RETENTION_DAYS]);
    await runStatement(this.dataSource, purgeDispatchedEvents, [RETENTION_DAYS]);
  }
}
