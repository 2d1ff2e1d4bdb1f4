import { DomainEvent } from '../common/events/domain-event';
import { currentTraceparent } from '../common/tracing/trace-context';
import { OUTBOX_INSERT, outboxRecordsFrom, writeOutboxEvents } from './persistence/outbox.sql';
import { Tx } from './transaction';

/**
 * Outbox rows of domain events, written in the transaction that recorded them: the unit of work
 * writes what is left at commit (one prepared statement), and a combined statement writes the events
 * recorded before it as one of its parts, so a hot path pays no round trip for its events.
 */

/** An event's data field whose value only the statement knows (a number it takes). */
export interface EventStamp {
  event: DomainEvent;
  field: string;
  /** an SQL scalar expression over the statement's parts */
  scalar: string;
}

/** The events as one jsonb array parameter of jsonb_to_recordset, in order, with the trace context of the work that recorded them. */
export function outboxRecords(events: DomainEvent[]): string {
  const traceParent = currentTraceparent();
  return JSON.stringify(
    events.map((e) => ({ id: e.id, business_id: e.businessId, type: e.name, data: e.data, created_at: e.occurredAt.toISOString(), trace_parent: traceParent })),
  );
}

/** All the events in one statement (one round trip, inside the transaction). */
export async function insertOutboxEvents(tx: Tx, events: DomainEvent[]): Promise<void> {
  if (events.length === 0) return;
  await tx.run(writeOutboxEvents, [outboxRecords(events)]);
}

/** The same as the transaction's last statement, with the COMMIT (Tx.runThenCommit). */
export async function insertOutboxEventsThenCommit(tx: Tx, events: DomainEvent[]): Promise<void> {
  await tx.runThenCommit(writeOutboxEvents, [outboxRecords(events)]);
}

const FIELD = /^[a-z][a-z_]*$/;

/** The data of each event, with the stamps of the stamped ones merged in. */
function stampedData(param: (value: unknown, cast: string) => string, stamps: EventStamp[]): string {
  if (stamps.length === 0) return 'e.data';
  const cases = stamps.map((s) => {
    if (!FIELD.test(s.field)) throw new Error(`event field ${s.field} cannot be stamped`);
    return `WHEN ${param(s.event.id, 'uuid')} THEN jsonb_build_object('${s.field}', ${s.scalar})`;
  });
  return `e.data || CASE e.id ${cases.join(' ')} ELSE '{}'::jsonb END`;
}

/**
 * The parts of a combined statement that write events: `outbox.events` for the ones written in
 * any case (in order, stamps merged), `outbox.eventIf<n>` for each one written only when a part
 * gave a row. The module `outbox` is the statement's own.
 */
export function composeEventParts(
  param: (value: unknown, cast: string) => string,
  events: DomainEvent[],
  stamps: EventStamp[],
  conditional: { event: DomainEvent; written: { exists: string } }[],
): { name: string; sql: string }[] {
  const parts = conditional.map((c, i) => ({
    name: `outbox.eventIf${i}`,
    sql: `${OUTBOX_INSERT} SELECT e.id, e.business_id, e.type, e.data, e.created_at, e.trace_parent FROM ${outboxRecordsFrom(param(outboxRecords([c.event]), 'jsonb'))}
           WHERE ${c.written.exists}`,
  }));
  if (events.length === 0) return parts;
  const data = stampedData(param, stamps);
  const all = `${OUTBOX_INSERT} SELECT e.id, e.business_id, e.type, ${data}, e.created_at, e.trace_parent FROM ${outboxRecordsFrom(param(outboxRecords(events), 'jsonb'))}`;
  return [{ name: 'outbox.events', sql: all }, ...parts];
}
