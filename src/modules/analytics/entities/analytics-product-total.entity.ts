import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * A product's running totals: its quantity, revenue and cost summed over every daily product rollup
 * row up to and including `day` (one row per day it has one). A window of closed days [a, b] is then
 * the difference of two rows per product, whatever its length. Valid up to the business's
 * analytics_product_totals_state.through; unbounded numerics (sums over all history never overflow).
 */
@Entity('analytics_product_totals')
@Index('analytics_product_totals_day_idx', ['businessId', 'day'])
export class AnalyticsProductTotal {
  @PrimaryColumn('uuid', { primaryKeyConstraintName: 'analytics_product_totals_pkey' })
  businessId: string;

  @PrimaryColumn('uuid', { primaryKeyConstraintName: 'analytics_product_totals_pkey' })
  productId: string;

  @PrimaryColumn('date', { primaryKeyConstraintName: 'analytics_product_totals_pkey' })
  day: string;

  @Column('numeric')
  quantity: string;

  @Column('numeric')
  revenue: string;

  @Column('numeric')
  cost: string;
}
