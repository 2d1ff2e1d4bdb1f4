import { DomainEvent } from '../common/events/domain-event';
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
