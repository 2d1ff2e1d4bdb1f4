import { ApiProperty } from '@nestjs/swagger';
import { EVENT_NAMES } from '../../common/events/domain-event';

/** An outbox row as the feed and the dispatcher read it. */
export interface StoredEvent {
  id: string;
  type: string;
  data: Record<string, unknown>;
  created_at: Date;
}

/** The public shape of an event: the webhook body and each element of the events feed. */
export class EventEnvelope {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ enum: EVENT_NAMES, example: 'sale.completed' }) event: string;
  @ApiProperty({ format: 'date-time' }) timestamp: string;
  @ApiProperty({ type: 'object', additionalProperties: true, description: 'the event payload (docs/api.md 10, docs/webhooks.md)' }) data: Record<
    string,
    unknown
  >;
}

export function toEventEnvelope(row: StoredEvent): EventEnvelope {
  return { id: row.id, event: row.type, timestamp: row.created_at.toISOString(), data: row.data };
}
