import { Column, Entity, PrimaryColumn } from 'typeorm';

/** Quantity and line revenue of one product in one closed hour of an open day. */
@Entity('analytics_hourly_products')
export class AnalyticsHourlyProduct {
  @PrimaryColumn('uuid', { primaryKeyConstraintName: 'analytics_hourly_products_pkey' })
  businessId: string;

  @PrimaryColumn('date', { primaryKeyConstraintName: 'analytics_hourly_products_pkey' })
  day: string;

  @PrimaryColumn('smallint', { primaryKeyConstraintName: 'analytics_hourly_products_pkey' })
  hour: number;

  @PrimaryColumn('uuid', { primaryKeyConstraintName: 'analytics_hourly_products_pkey' })
  productId: string;

  @Column('numeric', { precision: 33, scale: 3 })
  quantity: string;

  @Column('numeric', { precision: 33, scale: 2 })
  revenue: string;

  /** cost of the goods sold net of returns: round((quantity - returned) x unit_cost) per line, summed */
  @Column('numeric', { precision: 33, scale: 2, default: 0 })
  cost: string;
}
