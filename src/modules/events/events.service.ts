import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { BusinessContext } from '../../common/auth/business-context';
import { DomainError } from '../../common/errors/domain-error';
import { EventName } from '../../common/events/domain-event';
import { assertReadsEvents, readableEvents, readsEveryEvent } from '../../common/events/event-scopes';
import { runStatement } from '../../database/run-statement';
import { ListEventsQuery, MAX_EVENTS_PAGE } from './dto/list-events.query';
import { EventEnvelope, toEventEnvelope } from './event-envelope';
import { settledPrefix } from './feed-horizon';
import { feedCursor, feedPage, feedPageDesc } from './persistence/events-feed.sql';

export const FEED_DAYS = 30;
// How long a page waits for transactions still in flight that hold newer events back.
const SETTLE_TRIES = 5;
const SETTLE_WAIT_MS = 20;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The types a page may show (docs/api.md 10): `type=` when the key reads it (403 otherwise:
 * an empty page would let a client believe nothing happened), else those its scopes read; null when
 * that is every type, so the filter folds away.
 */
function feedTypes(scopes: readonly string[], type: EventName | undefined): EventName[] | null {
  if (type) {
    assertReadsEvents(scopes, [type]);
    return [type];
  }
  return readsEveryEvent(scopes) ? null : readableEvents(scopes);
}

/**
 * The events feed: every event of the business from the outbox that the caller's scopes read
 * (EVENT_SCOPES), oldest first, the polling backup of webhooks, kept 30 days. Ordered by (writing
 * transaction, seq), not by seq alone: seq is taken when a row is inserted, but transactions
 * commit in another order, so a reader that has seen seq 10 may later find seq 9 committed; a seq
 * cursor would skip it. A page shows only the rows of transactions older than every one still
 * running (settledPrefix), after which nothing can be committed before them.
 *
 * `order=desc` lists the same settled events newest first, continuing before the cursor: it needs
 * no wait, as it reads only settled rows (feedPageDesc) and a transaction still in flight can only
 * add events above its first row, never below it.
 */
@Injectable()
export class EventsService {
  constructor(private readonly dataSource: DataSource) {}

  async list(biz: BusinessContext, query: ListEventsQuery): Promise<EventEnvelope[]> {
    const limit = query.limit ?? MAX_EVENTS_PAGE;
    const types = feedTypes(biz.scopes, query.type);
    const cursor = query.after ? await this.cursorOf(biz.id, query.after) : null;
    if (types?.length === 0) return [];
    const params: [string, number, string | null, string | null, string[] | null, number] = [
      biz.id,
      FEED_DAYS,
      cursor?.xact ?? null,
      cursor?.seq ?? null,
      types,
      limit,
    ];
    if (query.order === 'desc') return (await runStatement(this.dataSource, feedPageDesc, params)).map(toEventEnvelope);
    for (let attempt = 1; ; attempt++) {
      const rows = await runStatement(this.dataSource, feedPage, params);
      const settled = settledPrefix(rows);
      if (settled.length === rows.length || settled.length === limit || attempt === SETTLE_TRIES) {
        return settled.map(toEventEnvelope);
      }
      await sleep(SETTLE_WAIT_MS);
    }
  }

  private async cursorOf(businessId: string, eventId: string): Promise<{ xact: string; seq: string }> {
    const [row] = await runStatement(this.dataSource, feedCursor, [businessId, eventId]);
    if (!row) throw DomainError.validation('after', 'after must be the id of an event of this business');
    return row;
  }
}
