import { Column, Entity, Index, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';

/** A return of some of a sale's lines (docs/api.md 12): its amounts as refunded, gapless R-0001 numbers. */
@Entity('returns')
@Index('returns_business_number_uq', ['businessId', 'number'], { unique: true })
@Index('returns_business_sale_idx', ['businessId', 'saleId'])
@Index('returns_business_created_idx', ['businessId', 'createdAt'])
export class Return {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'returns_pkey' })
  id: string;

  @PrimaryColumn('uuid', { primaryKeyConstraintName: 'returns_pkey' })
  businessId: string;

  /** The per-business counter value (business_counters 'return'). */
  @Column('bigint')
  number: string;

  @Column('text')
  returnNumber: string;

  @Column('uuid')
  saleId: string;

  @Column('uuid', { nullable: true })
  customerId: string | null;

  @Column('numeric', { precision: 14, scale: 2 })
  subtotal: string;

  @Column('numeric', { precision: 14, scale: 2 })
  taxAmount: string;

  @Column('numeric', { precision: 14, scale: 2 })
  discountAmount: string;

  @Column('numeric', { precision: 14, scale: 2 })
  shippingAmount: string;

  @Column('numeric', { precision: 14, scale: 2 })
  total: string;

  @Column('bigint', { default: 0 })
  pointsReversed: string;

  @Column('uuid', { nullable: true })
  creditNoteId: string | null;

  @Column('text', { nullable: true })
  reason: string | null;

  @Column('timestamptz', { default: () => 'now()' })
  createdAt: Date;

  /** who made it (docs/api.md 20): staff | key | system; null for rows made before attribution */
  @Column('text', { nullable: true })
  createdByType: 'staff' | 'key' | 'system' | null;

  /** the member's or the key's id */
  @Column('uuid', { nullable: true })
  createdById: string | null;

  /** the member's or the key's name when it was made */
  @Column('text', { nullable: true })
  createdByName: string | null;
}
