/** An outbox row as the feed and the dispatcher read it. */
export interface StoredEvent {
  id: string;
  type: string;
  data: Record<string, unknown>;
  created_at: Date;
}

/** The public shape of an event: the webhook body (CONTRACT.md 10) and each element of the events feed. */
export interface EventEnvelope {
  id: string;
  event: string;
  timestamp: string;
  data: Record<string, unknown>;
}

export function toEventEnvelope(row: StoredEvent): EventEnvelope {
  return { id: row.id, event: row.type, timestamp: row.created_at.toISOString(), data: row.data };
}
