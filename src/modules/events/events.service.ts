import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { BusinessContext } from '../../common/auth/business-context';
import { DomainError } from '../../common/errors/domain-error';
import { ListEventsQuery, MAX_EVENTS_PAGE } from './dto/list-events.query';
import { EventEnvelope, StoredEvent, toEventEnvelope } from './event-envelope';
import { settledPrefix } from './feed-horizon';

export const FEED_DAYS = 30;
// How long a page waits for transactions still in flight that hold newer events back.
const SETTLE_TRIES = 5;
const SETTLE_WAIT_MS = 20;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The events feed: every event of the business from the outbox, oldest first, the polling backup
 * of webhooks (CONTRACT.md 10). Ordered by (writing transaction, seq): see the Webhooks migration
 * for why a plain seq cursor could skip an event committed late.
 */
@Injectable()
export class EventsService {
  constructor(private readonly dataSource: DataSource) {}

  async list(biz: BusinessContext, query: ListEventsQuery): Promise<EventEnvelope[]> {
    const limit = query.limit ?? MAX_EVENTS_PAGE;
    const cursor = query.after ? await this.cursorOf(biz.id, query.after) : null;
    for (let attempt = 1; ; attempt++) {
      const rows = await this.page(biz.id, cursor, query.type ?? null, limit);
      const settled = settledPrefix(rows);
      if (settled.length === rows.length || settled.length === limit || attempt === SETTLE_TRIES) {
        return settled.map(toEventEnvelope);
      }
      await sleep(SETTLE_WAIT_MS);
    }
  }

  private async cursorOf(businessId: string, eventId: string): Promise<{ xact: string; seq: string }> {
    const [row] = await this.dataSource.query(`SELECT xact_id::text AS xact, seq::text AS seq FROM outbox_events WHERE business_id = $1 AND id = $2`, [
      businessId,
      eventId,
    ]);
    if (!row) throw DomainError.validation('after', 'after must be the id of an event of this business');
    return row;
  }

  private page(businessId: string, cursor: { xact: string; seq: string } | null, type: string | null, limit: number) {
    return this.dataSource.query<(StoredEvent & { settled: boolean })[]>(
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
      [businessId, FEED_DAYS, cursor?.xact ?? null, cursor?.seq ?? null, type, limit],
    );
  }
}
