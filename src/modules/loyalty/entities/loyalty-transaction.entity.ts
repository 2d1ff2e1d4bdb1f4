import { Column, Entity, Index, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';

/** One earn/redeem/adjust entry of a loyalty account. No foreign keys (high-volume table). */
@Entity('loyalty_transactions')
// (business_id, customer_id, created_at DESC, id DESC): TypeORM cannot declare a DESC index column.
@Index('loyalty_transactions_customer_idx', { synchronize: false })
export class LoyaltyTransaction {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'loyalty_transactions_pkey' })
  id: string;

  @PrimaryColumn('uuid', { primaryKeyConstraintName: 'loyalty_transactions_pkey' })
  businessId: string;

  @Column('uuid')
  customerId: string;

  @Column('text')
  type: string;

  @Column('bigint')
  points: string;

  @Column('uuid', { nullable: true })
  saleId: string | null;

  @Column('text')
  description: string;

  /** clock_timestamp(), not now(): entries of one transaction keep their order. */
  @Column('timestamptz', { default: () => 'clock_timestamp()' })
  createdAt: Date;
}
