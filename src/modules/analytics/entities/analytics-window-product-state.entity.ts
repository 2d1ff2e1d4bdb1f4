import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * Which closed days the `days`-day window's product rows (AnalyticsWindowProduct) hold: the daily
 * product rollups of [firstDay, through], and their totals. A read uses them only when these are
 * exactly its window's closed days; an invalidation of a day inside deletes this row.
 */
@Entity('analytics_window_product_state')
export class AnalyticsWindowProductState {
  @PrimaryColumn('uuid', { primaryKeyConstraintName: 'analytics_window_product_state_pkey' })
  businessId: string;

  @PrimaryColumn('int', { primaryKeyConstraintName: 'analytics_window_product_state_pkey' })
  days: number;

  @Column('date')
  firstDay: string;

  @Column('date')
  through: string;

  @Column('numeric', { precision: 33, scale: 2 })
  revenue: string;

  @Column('numeric', { precision: 33, scale: 2 })
  cost: string;
}
