import { defineStatement } from '../statement';
import { OUTBOX_INSERT, outboxRecordsFrom } from './outbox.sql';
import { completeIdempotencyKey } from './idempotency.sql';

/**
 * The entries of a jsonb array parameter (`param`, see activityRecords in activity-writer.ts) as rows
 * of a FROM item aliased `a`, in the array's order.
 */
export function activityRecordsFrom(param: string): string {
  return `jsonb_to_recordset(${param}) AS a(id uuid, business_id uuid, actor_type text, actor_id uuid, actor_name text, action text,
          resource_type text, resource_id text, resource_label text, changes jsonb, request_id text, ip text, user_agent text)`;
}

export const ACTIVITY_INSERT = `INSERT INTO activity_entries (business_id, id, actor_type, actor_id, actor_name, action, resource_type, resource_id,
  resource_label, changes, request_id, ip, user_agent)`;

/** The SELECT list of ACTIVITY_INSERT over `a`, the label given as an SQL expression (a stamped one). */
export function activitySelectList(label = 'a.resource_label'): string {
  return `a.business_id, a.id, a.actor_type, a.actor_id, a.actor_name, a.action, a.resource_type, a.resource_id, ${label}, a.changes,
          a.request_id, a.ip, a.user_agent`;
}

/** The entries recorded in a transaction: one text whatever their number, prepared once per connection. */
export const writeActivity = defineStatement<[records: string]>(
  'activity.write',
  `${ACTIVITY_INSERT} SELECT ${activitySelectList()} FROM ${activityRecordsFrom('$1::jsonb')}`,
);

/** The outbox rows ($1) and the activity entries ($2) of a transaction in one statement: one round trip for both. */
export const writeOutboxEventsAndActivity = defineStatement<[events: string, records: string]>(
  'activity.writeWithEvents',
  `WITH entries AS (${ACTIVITY_INSERT} SELECT ${activitySelectList()} FROM ${activityRecordsFrom('$2::jsonb')})
   ${OUTBOX_INSERT} SELECT e.id, e.business_id, e.type, e.data, e.created_at, e.trace_parent FROM ${outboxRecordsFrom('$1::jsonb')}`,
);

/**
 * A keyed request's outcome ($1..$4 of idempotency.complete) and its activity entries ($5) in one
 * statement, the transaction's last (with the COMMIT): a keyed write pays no round trip for its entries.
 */
export const completeIdempotencyKeyWithActivity = defineStatement<[businessId: string, key: string, status: number, body: string, records: string], never>(
  'activity.completeIdempotencyKey',
  `WITH entries AS (${ACTIVITY_INSERT} SELECT ${activitySelectList()} FROM ${activityRecordsFrom('$5::jsonb')})
   ${completeIdempotencyKey.text}`,
);
