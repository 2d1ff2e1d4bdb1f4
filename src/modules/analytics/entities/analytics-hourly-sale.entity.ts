import { Column, Entity, PrimaryColumn } from 'typeorm';

/** Sales of one closed hour of an open day; dropped once the day is rolled up. */
@Entity('analytics_hourly_sales')
export class AnalyticsHourlySale {
  @PrimaryColumn('uuid', { primaryKeyConstraintName: 'analytics_hourly_sales_pkey' })
  businessId: string;

  @PrimaryColumn('date', { primaryKeyConstraintName: 'analytics_hourly_sales_pkey' })
  day: string;

  @PrimaryColumn('smallint', { primaryKeyConstraintName: 'analytics_hourly_sales_pkey' })
  hour: number;

  @Column('integer')
  orders: number;

  @Column('numeric', { precision: 33, scale: 2 })
  revenue: string;
}
