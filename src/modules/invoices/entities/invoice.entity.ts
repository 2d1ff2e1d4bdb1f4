import { Column, Entity, Index, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';

/** An invoice, possibly issued for a sale. No foreign keys: customer and sale ids are plain columns. */
@Entity('invoices')
@Index('invoices_business_number_uq', ['businessId', 'number'], { unique: true })
// number last: a sale's first invoice is one ordered probe (migrations/1763800019000)
@Index('invoices_business_sale_idx', ['businessId', 'saleId', 'number'], { where: 'sale_id IS NOT NULL' })
// (business_id, created_at DESC): TypeORM cannot declare a DESC index column.
@Index('invoices_business_created_idx', { synchronize: false })
// (business_id, status, created_at DESC): TypeORM cannot declare a DESC index column.
@Index('invoices_business_status_idx', { synchronize: false })
// (business_id, customer_id, created_at DESC): TypeORM cannot declare a DESC index column.
@Index('invoices_business_customer_idx', { synchronize: false })
export class Invoice {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'invoices_pkey' })
  id: string;

  @PrimaryColumn('uuid', { primaryKeyConstraintName: 'invoices_pkey' })
  businessId: string;

  /** The per-business counter value (business_counters 'invoice'). */
  @Column('bigint')
  number: string;

  @Column('text')
  invoiceNumber: string;

  @Column('uuid', { nullable: true })
  customerId: string | null;

  @Column('uuid', { nullable: true })
  saleId: string | null;

  @Column('text')
  status: string;

  @Column('char', { length: 3 })
  currency: string;

  @Column('numeric', { precision: 14, scale: 2 })
  subtotal: string;

  @Column('numeric', { precision: 14, scale: 2 })
  taxAmount: string;

  @Column('numeric', { precision: 14, scale: 2 })
  total: string;

  /** the sum of its credit notes (returns of its sale) */
  @Column('numeric', { precision: 14, scale: 2, default: 0 })
  creditedAmount: string;

  /** A calendar date of the business (YYYY-MM-DD). */
  @Column('date')
  dueDate: string;

  @Column('date', { nullable: true })
  paidDate: string | null;

  @Column('text', { nullable: true })
  notes: string | null;

  @Column('timestamptz', { default: () => 'now()' })
  createdAt: Date;

  @Column('timestamptz', { default: () => 'now()' })
  updatedAt: Date;
}
