import { randomUUID } from 'crypto';
import { ActivityRecord } from '../common/activity/activity-record';
import { DomainEvent } from '../common/events/domain-event';
import { outboxRecords } from './outbox-writer';
import { ACTIVITY_INSERT, activityRecordsFrom, activitySelectList, writeActivity, writeOutboxEventsAndActivity } from './persistence/activity.sql';
import { writeOutboxEvents } from './persistence/outbox.sql';
import { Tx } from './transaction';

/**
 * The activity log's entries (docs/api.md 20), written in the transaction that recorded them
 * (`tx.recordActivity`), with the outbox's events: the unit of work writes what is left at commit in
 * one statement with the events (joined with the COMMIT), and a combined statement (the order's
 * numbered one) writes those recorded before it as one of its parts, so no path pays a round trip.
 * Each entry carries its request's id, address and user agent (`ActivityRecord.origin`).
 */

/** An entry's label whose value only the statement knows (the sale number it takes). */
export interface ActivityStamp {
  record: ActivityRecord;
  /** an SQL scalar expression over the statement's parts */
  scalar: string;
}

/** The entries as one jsonb array parameter of jsonb_to_recordset, each with a fresh id: `ids` in the same order. */
export function activityRecords(records: ActivityRecord[]): { json: string; ids: string[] } {
  const ids = records.map(() => randomUUID());
  const json = JSON.stringify(
    records.map((r, i) => ({
      id: ids[i],
      business_id: r.businessId,
      actor_type: r.actor.type,
      actor_id: r.actor.id,
      actor_name: r.actor.name,
      action: r.action,
      resource_type: r.resource.type,
      resource_id: r.resource.id,
      resource_label: r.resource.label,
      changes: r.changes,
      request_id: r.origin.requestId,
      ip: r.origin.ip,
      user_agent: r.origin.userAgent,
    })),
  );
  return { json, ids };
}

/** The events and the entries left at commit, in one statement (or none when there are neither). */
export async function insertEventsAndActivity(tx: Tx, events: DomainEvent[], records: ActivityRecord[]): Promise<void> {
  if (records.length === 0) {
    if (events.length > 0) await tx.run(writeOutboxEvents, [outboxRecords(events)]);
  } else if (events.length === 0) await tx.run(writeActivity, [activityRecords(records).json]);
  else await tx.run(writeOutboxEventsAndActivity, [outboxRecords(events), activityRecords(records).json]);
}

/** The same as the transaction's last statement, with the COMMIT (Tx.runThenCommit); something must be left to write. */
export async function insertEventsAndActivityThenCommit(tx: Tx, events: DomainEvent[], records: ActivityRecord[]): Promise<void> {
  if (records.length === 0) await tx.runThenCommit(writeOutboxEvents, [outboxRecords(events)]);
  else if (events.length === 0) await tx.runThenCommit(writeActivity, [activityRecords(records).json]);
  else await tx.runThenCommit(writeOutboxEventsAndActivity, [outboxRecords(events), activityRecords(records).json]);
}

/**
 * The part of a combined statement that writes `records` (`outbox.activity`), the stamped labels
 * taken from the statement's own parts.
 */
export function composeActivityPart(
  param: (value: unknown, cast: string) => string,
  records: ActivityRecord[],
  stamps: ActivityStamp[],
): { name: string; sql: string }[] {
  if (records.length === 0) return [];
  const { json, ids } = activityRecords(records);
  const cases = stamps.map((s) => `WHEN ${param(ids[records.indexOf(s.record)], 'uuid')} THEN ${s.scalar}`);
  const label = cases.length === 0 ? 'a.resource_label' : `CASE a.id ${cases.join(' ')} ELSE a.resource_label END`;
  return [{ name: 'outbox.activity', sql: `${ACTIVITY_INSERT} SELECT ${activitySelectList(label)} FROM ${activityRecordsFrom(param(json, 'jsonb'))}` }];
}
