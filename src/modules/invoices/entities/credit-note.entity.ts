import { Column, Entity, Index, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';

/**
 * A credit note: what a return gave back of an invoiced sale, linked to the invoice. Its lines are
 * the return's lines (return_items), read through `return_id`, not copied.
 */
@Entity('credit_notes')
@Index('credit_notes_business_number_uq', ['businessId', 'number'], { unique: true })
@Index('credit_notes_business_invoice_idx', ['businessId', 'invoiceId'])
@Index('credit_notes_business_created_idx', ['businessId', 'createdAt'])
@Index('credit_notes_return_uq', ['businessId', 'returnId'], { unique: true })
export class CreditNote {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'credit_notes_pkey' })
  id: string;

  @PrimaryColumn('uuid', { primaryKeyConstraintName: 'credit_notes_pkey' })
  businessId: string;

  /** The per-business counter value (business_counters 'credit_note'). */
  @Column('bigint')
  number: string;

  @Column('text')
  creditNoteNumber: string;

  @Column('uuid')
  invoiceId: string;

  @Column('uuid')
  returnId: string;

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
