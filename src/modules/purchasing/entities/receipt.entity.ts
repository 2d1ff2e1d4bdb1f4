import { Column, Entity, Index, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';

/** A goods receipt against a purchase order (docs/api.md 13), numbered GR-0001 gaplessly. */
@Entity('receipts')
@Index('receipts_business_number_uq', ['businessId', 'number'], { unique: true })
@Index('receipts_business_order_idx', ['businessId', 'purchaseOrderId'])
export class Receipt {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'receipts_pkey' })
  id: string;

  @PrimaryColumn('uuid', { primaryKeyConstraintName: 'receipts_pkey' })
  businessId: string;

  /** The per-business counter value (business_counters 'receipt'). */
  @Column('bigint')
  number: string;

  @Column('text')
  receiptNumber: string;

  @Column('uuid')
  purchaseOrderId: string;

  @Column('uuid')
  warehouseId: string;

  @Column('timestamptz', { default: () => 'now()' })
  createdAt: Date;
}
