import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';
import { Webhook } from './webhook.entity';

/**
 * One delivery of one event to one webhook. Claimable when pending or delivering and
 * next_attempt_at has passed (for delivering, that is the lease of the attempt in progress).
 */
@Entity('webhook_deliveries')
@Check('webhook_deliveries_status_check', "status IN ('pending', 'delivering', 'succeeded', 'failed')")
// the dispatcher reaches a claimed delivery by its id alone (settleAndClaim): the key is (business_id, id)
@Index('webhook_deliveries_id_idx', ['id'])
@Index('webhook_deliveries_webhook_event_uq', ['businessId', 'webhookId', 'eventId'], { unique: true })
@Index('webhook_deliveries_due_idx', ['webhookId', 'nextAttemptAt'], { where: "status IN ('pending', 'delivering')" })
@Index('webhook_deliveries_created_idx', ['createdAt'])
// (business_id, webhook_id, created_at DESC): TypeORM cannot declare a DESC index column.
@Index('webhook_deliveries_log_idx', { synchronize: false })
export class WebhookDelivery {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'webhook_deliveries_pkey' })
  id: string;

  @PrimaryColumn('uuid', { primaryKeyConstraintName: 'webhook_deliveries_pkey' })
  businessId: string;

  @Column('uuid')
  webhookId: string;

  @ManyToOne(() => Webhook, { onDelete: 'CASCADE' })
  @JoinColumn([
    { name: 'business_id', referencedColumnName: 'businessId', foreignKeyConstraintName: 'webhook_deliveries_webhook_id_fkey' },
    { name: 'webhook_id', referencedColumnName: 'id', foreignKeyConstraintName: 'webhook_deliveries_webhook_id_fkey' },
  ])
  webhook?: Webhook;

  /** outbox_events.id of the event delivered. */
  @Column('uuid')
  eventId: string;

  @Column('text')
  event: string;

  @Column('text')
  status: 'pending' | 'delivering' | 'succeeded' | 'failed';

  @Column('integer', { default: 0 })
  attempts: number;

  @Column('integer')
  attemptLimit: number;

  @Column('timestamptz', { nullable: true })
  nextAttemptAt: Date | null;

  @Column('integer', { nullable: true })
  responseCode: number | null;

  @Column('integer', { nullable: true })
  durationMs: number | null;

  @Column('text', { nullable: true })
  error: string | null;

  @Column('timestamptz', { default: () => 'now()' })
  createdAt: Date;

  @Column('timestamptz', { default: () => 'now()' })
  updatedAt: Date;
}
