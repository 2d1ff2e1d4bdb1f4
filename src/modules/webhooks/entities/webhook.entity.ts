import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';
import { Business } from '../../businesses/entities/business.entity';

/** A webhook registration: the events it receives and where they are posted. */
@Entity('webhooks')
@Check('webhooks_events_check', 'cardinality(events) > 0')
// (business_id, created_at DESC): TypeORM cannot declare a DESC index column.
@Index('webhooks_business_idx', { synchronize: false })
export class Webhook {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'webhooks_pkey' })
  id: string;

  @PrimaryColumn('uuid', { primaryKeyConstraintName: 'webhooks_pkey' })
  businessId: string;

  @ManyToOne(() => Business)
  @JoinColumn({ name: 'business_id', foreignKeyConstraintName: 'webhooks_business_id_fkey' })
  business?: Business;

  @Column('text')
  url: string;

  @Column('text', { array: true })
  events: string[];

  @Column('text', { nullable: true })
  secret: string | null;

  @Column('boolean', { default: true })
  isActive: boolean;

  @Column('timestamptz', { default: () => 'now()' })
  createdAt: Date;

  @Column('timestamptz', { default: () => 'now()' })
  updatedAt: Date;
}
