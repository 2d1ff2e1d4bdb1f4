import { Check, Column, Entity, Index, PrimaryColumn } from 'typeorm';
import type { ActivityChanges } from '../../../common/activity/activity-record';

/**
 * One entry of the activity log (docs/api.md 20): who did what to which resource, when, from where.
 * Written only by the activity writer (src/database/activity-writer.ts) in the transaction of the
 * change it describes; no API changes or deletes one, the retention job removes old ones.
 *
 * Keyed by (business_id, id), business_id first (docs/scale-out.md: distributed by business_id); no
 * foreign keys (a high-volume table, like the outbox). Newest first is (occurred_at, id) descending,
 * walked backwards on the ascending indexes: per business, per resource and per actor.
 */
@Entity('activity_entries')
@Check('activity_entries_actor_type', "actor_type IN ('staff', 'key', 'system')")
@Index('activity_entries_business_newest_idx', ['businessId', 'occurredAt', 'id'])
@Index('activity_entries_resource_idx', ['businessId', 'resourceType', 'resourceId', 'occurredAt', 'id'])
@Index('activity_entries_actor_idx', ['businessId', 'actorId', 'occurredAt', 'id'])
@Index('activity_entries_retention_idx', ['occurredAt'])
export class ActivityEntry {
  @PrimaryColumn('uuid', { primaryKeyConstraintName: 'activity_entries_pkey' })
  businessId: string;

  @PrimaryColumn('uuid', { primaryKeyConstraintName: 'activity_entries_pkey' })
  id: string;

  /** the time of the transaction that made the change */
  @Column('timestamptz', { default: () => 'now()' })
  occurredAt: Date;

  /** staff | key | system */
  @Column('text')
  actorType: 'staff' | 'key' | 'system';

  /** the member's or the key's id; null for the system */
  @Column('uuid', { nullable: true })
  actorId: string | null;

  @Column('text')
  actorName: string;

  /** `products.update`, `orders.create`, ... */
  @Column('text')
  action: string;

  @Column('text')
  resourceType: string;

  @Column('text', { nullable: true })
  resourceId: string | null;

  @Column('text', { nullable: true })
  resourceLabel: string | null;

  /** `{field: [before, after]}` of an update, else null */
  @Column('jsonb', { nullable: true })
  changes: ActivityChanges | null;

  @Column('text', { nullable: true })
  requestId: string | null;

  @Column('text', { nullable: true })
  ip: string | null;

  @Column('text', { nullable: true })
  userAgent: string | null;
}
