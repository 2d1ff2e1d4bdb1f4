import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * An order's tax at one rate (docs/api.md 22), a snapshot of the rate's name and percentage at sale
 * time. `created_at` is the sale's, so the tax report reads one index range per business. No foreign
 * keys: a high-volume table written with the sale, like sale_items.
 */
@Entity('sale_tax_lines')
@Index('sale_tax_lines_business_created_idx', ['businessId', 'createdAt'])
@Index('sale_tax_lines_business_rate_idx', ['businessId', 'taxRateId'])
export class SaleTaxLine {
  @PrimaryColumn('uuid', { primaryKeyConstraintName: 'sale_tax_lines_pkey' })
  businessId: string;

  @PrimaryColumn('uuid', { primaryKeyConstraintName: 'sale_tax_lines_pkey' })
  saleId: string;

  @PrimaryColumn('uuid', { primaryKeyConstraintName: 'sale_tax_lines_pkey' })
  taxRateId: string;

  @Column('text')
  name: string;

  @Column('numeric', { precision: 7, scale: 4 })
  rate: string;

  /** net of tax, after the order discount's share (docs/api.md 22) */
  @Column('numeric', { precision: 14, scale: 2 })
  taxableAmount: string;

  @Column('numeric', { precision: 14, scale: 2 })
  taxAmount: string;

  /** the rate's value as the return rule reads it (V_r): net (exclusive) or gross (inclusive), after the discount's share */
  @Column('numeric', { precision: 14, scale: 2 })
  baseAmount: string;

  /** the order's lines at this rate (the return rule's lines of V_r) */
  @Column('uuid', { array: true, default: () => "'{}'" })
  saleItemIds: string[];

  /** the order's shipping is taxed at this rate (part of V_r) */
  @Column('boolean', { default: false })
  includesShipping: boolean;

  /** the order's prices included tax (docs/api.md 22: `tax_included`) */
  @Column('boolean', { default: false })
  taxIncluded: boolean;

  @Column('timestamptz')
  createdAt: Date;
}
