import { Column, Entity, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { Business } from './business.entity';

/** A gapless per-business number (sale, invoice, sku): the row is locked from its step until commit. */
@Entity('business_counters')
export class BusinessCounter {
  @PrimaryColumn('uuid', { primaryKeyConstraintName: 'business_counters_pkey' })
  businessId: string;

  @PrimaryColumn('text', { primaryKeyConstraintName: 'business_counters_pkey' })
  name: string;

  @ManyToOne(() => Business)
  @JoinColumn({ name: 'business_id', foreignKeyConstraintName: 'business_counters_business_id_fkey' })
  business?: Business;

  @Column('bigint', { default: 0 })
  value: string;

  /**
   * the clock time of the last step, taken once the row is locked (set by the step itself on Citus,
   * which allows no clock function in an UPDATE's RETURNING: counterStepSql)
   */
  @Column('timestamptz', { nullable: true })
  steppedAt: Date | null;
}
