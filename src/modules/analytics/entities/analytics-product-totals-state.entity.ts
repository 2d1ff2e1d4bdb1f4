import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * How far a business's product running totals are right: every daily product rollup row up to
 * `through` is in them. Lowered by an invalidation (a changed sale's day) or a fill of an earlier day,
 * raised by the fills; its row is also the lock that serializes the extensions of one business.
 */
@Entity('analytics_product_totals_state')
export class AnalyticsProductTotalsState {
  @PrimaryColumn('uuid', { primaryKeyConstraintName: 'analytics_product_totals_state_pkey' })
  businessId: string;

  @Column('date')
  through: string;
}
