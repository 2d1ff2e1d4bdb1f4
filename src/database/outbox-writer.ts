import { DomainEvent } from '../common/events/domain-event';
import { SqlBatch } from './sql-batch';
import { Tx } from './transaction';

/** One multi-row INSERT for all events of a transaction (one round trip, inside the transaction). */
export async function insertOutboxEvents(tx: Tx, events: DomainEvent[]): Promise<void> {
  if (events.length === 0) return;
  const params: unknown[] = [];
  const rows = events.map((e) => {
    params.push(e.id, e.businessId, e.name, JSON.stringify(e.data), e.occurredAt);
    const n = params.length;
    return `($${n - 4}, $${n - 3}, $${n - 2}, $${n - 1}::jsonb, $${n})`;
  });
  await tx.query(
    `INSERT INTO outbox_events (id, business_id, type, data, created_at) VALUES ${rows.join(', ')}`,
    params,
  );
}

/**
 * One event's outbox row as a SELECT, for outboxInsertSql. With `from`, one row per row of that part
 * of the statement (none when it is empty: an event that exists only if the statement did something);
 * `extraDataSql` is a jsonb expression (over `from`) merged into the data, for values only the
 * statement knows, such as a number taken in it.
 */
export function outboxRowSql(batch: SqlBatch, event: DomainEvent, options: { from?: string; extraDataSql?: string } = {}): string {
  const extra = options.extraDataSql ? ` || ${options.extraDataSql}` : '';
  return `SELECT ${batch.param(event.id, 'uuid')}, ${batch.param(event.businessId, 'uuid')}, ${batch.param(event.name, 'text')},
                 ${batch.param(JSON.stringify(event.data), 'jsonb')}${extra}, ${batch.param(event.occurredAt, 'timestamptz')}${options.from ? ` FROM ${options.from}` : ''}`;
}

/**
 * The outbox rows of several events (outboxRowSql), in the order given, as a part of a larger
 * statement (SqlBatch): hot paths save the separate outbox round trip. Pair it with
 * `tx.recordPersisted(event)` or `tx.markPersisted(events)`.
 */
export function outboxInsertSql(rows: string[]): string {
  return `INSERT INTO outbox_events (id, business_id, type, data, created_at) ${rows.map((row) => `(${row})`).join(' UNION ALL ')}`;
}
