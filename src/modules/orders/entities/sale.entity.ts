import { Check, Column, Entity, Index, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';

/**
 * One order. No foreign keys (high-volume table, see migrations/1763800000000-Foundation.ts): the
 * customer and warehouse ids are plain columns.
 */
@Entity('sales')
@Index('sales_business_number_uq', ['businessId', 'number'], { unique: true })
// (business_id, created_at DESC): TypeORM cannot declare a DESC index column.
@Index('sales_business_created_idx', { synchronize: false })
// (business_id, customer_id, created_at DESC): TypeORM cannot declare a DESC index column.
@Index('sales_business_customer_idx', { synchronize: false })
// (business_id, status, created_at DESC): TypeORM cannot declare a DESC index column.
@Index('sales_business_status_idx', { synchronize: false })
// Returns and a cancellation never refund more than the order's total, whatever races them.
@Check('sales_refunded_amount_check', 'refunded_amount >= 0 AND refunded_amount <= total')
export class Sale {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'sales_pkey' })
  id: string;

  @PrimaryColumn('uuid', { primaryKeyConstraintName: 'sales_pkey' })
  businessId: string;

  /** The per-business counter value (business_counters 'sale'). */
  @Column('bigint')
  number: string;

  @Column('text')
  saleNumber: string;

  @Column('uuid', { nullable: true })
  customerId: string | null;

  @Column('uuid')
  warehouseId: string;

  @Column('text')
  status: string;

  @Column('text')
  paymentStatus: string;

  @Column('text')
  paymentMethod: string;

  @Column('char', { length: 3 })
  currency: string;

  @Column('numeric', { precision: 14, scale: 2 })
  subtotal: string;

  @Column('numeric', { precision: 14, scale: 2 })
  taxAmount: string;

  @Column('numeric', { precision: 14, scale: 2 })
  shippingAmount: string;

  @Column('numeric', { precision: 14, scale: 2 })
  discountAmount: string;

  @Column('numeric', { precision: 14, scale: 2 })
  total: string;

  /** what a cash customer handed over (docs/api.md 21); null when none was given */
  @Column('numeric', { precision: 14, scale: 2, nullable: true })
  cashTendered: string | null;

  /** cash_tendered - total, given back; null when no tender was given */
  @Column('numeric', { precision: 14, scale: 2, nullable: true })
  changeDue: string | null;

  @Column('bigint', { default: 0 })
  loyaltyPointsEarned: string;

  @Column('uuid', { nullable: true })
  loyaltyTransactionId: string | null;

  @Column('text', { nullable: true })
  notes: string | null;

  /** what returns and a cancellation gave back of the total */
  @Column('numeric', { precision: 14, scale: 2, default: 0 })
  refundedAmount: string;

  /** whether a return refunded the shipping (it is refunded once) */
  @Column('boolean', { default: false })
  shippingRefunded: boolean;

  @Column('timestamptz', { nullable: true })
  cancelledAt: Date | null;

  @Column('text', { nullable: true })
  cancelReason: string | null;

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

  @Column('timestamptz', { default: () => 'now()' })
  updatedAt: Date;
}
