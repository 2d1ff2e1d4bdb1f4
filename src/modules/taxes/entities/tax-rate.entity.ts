import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { Business } from '../../businesses/entities/business.entity';

/**
 * A tax rate of a business (docs/api.md 22): a percentage, 0 to 100 with up to 4 decimals. At most one
 * active rate is the default (the partial unique index). A rate used by an order is archived instead of
 * deleted: its orders keep their snapshot (sale_tax_lines) and the report still lists it.
 */
@Entity('tax_rates')
@Check('tax_rates_rate_check', 'rate >= 0 AND rate <= 100')
@Index('tax_rates_business_default_uq', ['businessId'], { unique: true, where: 'is_default' })
export class TaxRate {
  @PrimaryColumn('uuid', { primaryKeyConstraintName: 'tax_rates_pkey' })
  businessId: string;

  @PrimaryColumn('uuid', { primaryKeyConstraintName: 'tax_rates_pkey' })
  id: string;

  @ManyToOne(() => Business)
  @JoinColumn({ name: 'business_id', foreignKeyConstraintName: 'tax_rates_business_id_fkey' })
  business?: Business;

  @Column('text')
  name: string;

  @Column('numeric', { precision: 7, scale: 4 })
  rate: string;

  @Column('boolean', { default: false })
  isDefault: boolean;

  @Column('timestamptz', { nullable: true })
  archivedAt: Date | null;

  @Column('timestamptz', { default: () => 'now()' })
  createdAt: Date;

  @Column('timestamptz', { default: () => 'now()' })
  updatedAt: Date;
}
