import { defineStatement } from '../statement';

/**
 * The events of a jsonb array parameter (`param`, see outboxRecords in outbox-writer.ts) as rows of
 * a FROM item aliased `e`, in the array's order.
 */
export function outboxRecordsFrom(param: string): string {
  return `jsonb_to_recordset(${param}) AS e(id uuid, business_id uuid, type text, data jsonb, created_at timestamptz, trace_parent text)`;
}

export const OUTBOX_INSERT = 'INSERT INTO outbox_events (id, business_id, type, data, created_at, trace_parent)';

/**
 * The outbox rows of events recorded in a transaction, in order: one text whatever the number of
 * events, so it is prepared once per connection.
 */
export const writeOutboxEvents = defineStatement<[records: string]>(
  'outbox.write',
  `${OUTBOX_INSERT} SELECT e.id, e.business_id, e.type, e.data, e.created_at, e.trace_parent FROM ${outboxRecordsFrom('$1::jsonb')}`,
);
