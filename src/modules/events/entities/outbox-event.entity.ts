import { Column, Entity, Index, PrimaryColumn, PrimaryGeneratedColumn, Unique } from 'typeorm';

/**
 * Transactional outbox: written with the work that caused the event, delivered after commit.
 * No foreign keys (high-volume table). Keyed by (business_id, seq), its event id unique per business
 * (migrations/1795913699953-DistributeByBusiness.ts): distributed by business on Citus.
 *
 * Not synchronized: the table also has `xact_id xid8 NOT NULL DEFAULT pg_current_xact_id()`
 * (migrations/1763800003000-Webhooks.ts, the commit-order key of the events feed), and TypeORM 0.3
 * has no xid8 type (DataTypeNotSupportedError), so the column cannot be declared here; a
 * synchronized entity without it would make the schema builder drop it. Every other column, key
 * and index below matches the migrated table (checked with synchronize on: the only difference
 * was that DROP COLUMN). Rows are written by outbox-writer.ts, which leaves xact_id to its default.
 */
@Entity('outbox_events', { synchronize: false })
@Unique('outbox_events_business_id_uq', ['businessId', 'id'])
@Index('outbox_events_pending_idx', ['seq'], { where: 'dispatched_at IS NULL' })
@Index('outbox_events_created_idx', ['createdAt'])
// (business_id, xact_id, seq): xact_id is xid8, which TypeORM cannot declare (see the class comment).
@Index('outbox_events_business_feed_idx', { synchronize: false })
export class OutboxEvent {
  @PrimaryGeneratedColumn('increment', { type: 'bigint', primaryKeyConstraintName: 'outbox_events_pkey' })
  seq: string;

  @Column('uuid')
  id: string;

  @PrimaryColumn('uuid', { primaryKeyConstraintName: 'outbox_events_pkey' })
  businessId: string;

  @Column('text')
  type: string;

  @Column('jsonb')
  data: Record<string, unknown>;

  @Column('timestamptz', { default: () => 'now()' })
  createdAt: Date;

  @Column('timestamptz', { nullable: true })
  dispatchedAt: Date | null;

  /** W3C traceparent of the traced work that recorded the event: its deliveries' spans link to it (null untraced) */
  @Column('text', { nullable: true })
  traceParent: string | null;
}
