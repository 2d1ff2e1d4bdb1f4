import { Check, Column, Entity, Index, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';

/** A purchase order to a supplier (docs/api.md 13): draft -> ordered -> partially_received -> received, or cancelled. */
@Entity('purchase_orders')
@Index('purchase_orders_business_number_uq', ['businessId', 'number'], { unique: true })
@Index('purchase_orders_business_created_idx', ['businessId', 'createdAt'])
@Index('purchase_orders_business_supplier_idx', ['businessId', 'supplierId'])
@Check('purchase_orders_paid_amount_check', 'paid_amount >= 0 AND paid_amount <= total')
export class PurchaseOrder {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'purchase_orders_pkey' })
  id: string;

  @PrimaryColumn('uuid', { primaryKeyConstraintName: 'purchase_orders_pkey' })
  businessId: string;

  /** The per-business counter value (business_counters 'purchase_order'). */
  @Column('bigint')
  number: string;

  @Column('text')
  purchaseOrderNumber: string;

  @Column('uuid')
  supplierId: string;

  @Column('uuid')
  warehouseId: string;

  @Column('text')
  status: string;

  /** A calendar date of the business (YYYY-MM-DD). */
  @Column('date', { nullable: true })
  expectedDate: string | null;

  @Column('text', { nullable: true })
  notes: string | null;

  @Column('numeric', { precision: 14, scale: 2 })
  total: string;

  @Column('numeric', { precision: 14, scale: 2, default: 0 })
  paidAmount: string;

  /**
   * What had been paid when it was cancelled (null until then). Paid in advance, an order may keep
   * more than it became payable; a payment after the cancellation may not (cli verify tells them apart).
   */
  @Column('numeric', { precision: 14, scale: 2, nullable: true })
  paidAtCancel: string | null;

  @Column('timestamptz', { default: () => 'now()' })
  createdAt: Date;

  @Column('timestamptz', { default: () => 'now()' })
  updatedAt: Date;
}
