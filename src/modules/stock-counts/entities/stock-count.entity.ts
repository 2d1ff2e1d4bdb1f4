import { Column, Entity, Index, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';

/** A posted stock count of one warehouse (docs/api.md 14), numbered CNT-0001 gaplessly. */
@Entity('stock_counts')
@Index('stock_counts_business_number_uq', ['businessId', 'number'], { unique: true })
export class StockCount {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'stock_counts_pkey' })
  id: string;

  @PrimaryColumn('uuid', { primaryKeyConstraintName: 'stock_counts_pkey' })
  businessId: string;

  /** The per-business counter value (business_counters 'stock_count'). */
  @Column('bigint')
  number: string;

  @Column('text')
  countNumber: string;

  @Column('uuid')
  warehouseId: string;

  @Column('text', { nullable: true })
  note: string | null;

  @Column('timestamptz', { default: () => 'now()' })
  createdAt: Date;
}
