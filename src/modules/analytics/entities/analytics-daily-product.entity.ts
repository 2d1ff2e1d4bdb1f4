import { Column, Entity, PrimaryColumn } from 'typeorm';

/** Quantity and line revenue of one product on one closed day. */
@Entity('analytics_daily_products')
export class AnalyticsDailyProduct {
  @PrimaryColumn('uuid', { primaryKeyConstraintName: 'analytics_daily_products_pkey' })
  businessId: string;

  @PrimaryColumn('date', { primaryKeyConstraintName: 'analytics_daily_products_pkey' })
  day: string;

  @PrimaryColumn('uuid', { primaryKeyConstraintName: 'analytics_daily_products_pkey' })
  productId: string;

  @Column('numeric', { precision: 33, scale: 3 })
  quantity: string;

  @Column('numeric', { precision: 33, scale: 2 })
  revenue: string;

  /** cost of the goods sold net of returns: round((quantity - returned) x unit_cost) per line, summed */
  @Column('numeric', { precision: 33, scale: 2, default: 0 })
  cost: string;
}
