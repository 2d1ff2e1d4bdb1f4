import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * Sales of one closed day in the business time zone. A row exists also for days without sales:
 * its presence marks the day (and its product rows) as rolled up.
 */
@Entity('analytics_daily_sales')
export class AnalyticsDailySale {
  @PrimaryColumn('uuid', { primaryKeyConstraintName: 'analytics_daily_sales_pkey' })
  businessId: string;

  @PrimaryColumn('date', { primaryKeyConstraintName: 'analytics_daily_sales_pkey' })
  day: string;

  @Column('integer')
  orders: number;

  @Column('numeric', { precision: 33, scale: 2 })
  revenue: string;

  @Column('timestamptz', { default: () => 'now()' })
  createdAt: Date;
}
