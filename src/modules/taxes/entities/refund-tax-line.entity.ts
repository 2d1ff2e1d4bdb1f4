import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * Tax given back at one rate by a return (`return_id`) or a cancellation (`return_id` null), the
 * increase of the order's cumulative refund at that rate (docs/api.md 22). `created_at` is the
 * refund's. No foreign keys, like sale_tax_lines.
 */
@Entity('refund_tax_lines')
@Index('refund_tax_lines_business_created_idx', ['businessId', 'createdAt'])
@Index('refund_tax_lines_business_sale_idx', ['businessId', 'saleId'])
@Index('refund_tax_lines_business_return_idx', ['businessId', 'returnId'])
export class RefundTaxLine {
  @PrimaryColumn('uuid', { primaryKeyConstraintName: 'refund_tax_lines_pkey' })
  businessId: string;

  @PrimaryColumn('uuid', { primaryKeyConstraintName: 'refund_tax_lines_pkey' })
  id: string;

  @Column('uuid')
  saleId: string;

  @Column('uuid', { nullable: true })
  returnId: string | null;

  @Column('uuid')
  taxRateId: string;

  @Column('text')
  name: string;

  @Column('numeric', { precision: 7, scale: 4 })
  rate: string;

  @Column('numeric', { precision: 14, scale: 2 })
  taxableAmount: string;

  @Column('numeric', { precision: 14, scale: 2 })
  taxAmount: string;

  /** the returned value at the rate (the increase of G_r) */
  @Column('numeric', { precision: 14, scale: 2 })
  baseAmount: string;

  @Column('timestamptz')
  createdAt: Date;
}
