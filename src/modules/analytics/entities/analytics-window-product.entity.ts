import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * One product's quantity, revenue and cost over the CLOSED days of the `days`-day window as the
 * warmer last built it (AnalyticsWindowProductState says which days), with the sort keys of the
 * product reports stored beside them, each indexed so a ranking reads its first rows in order
 * (scanned backwards for descending): the reads of top-products and margin then merge the few
 * products sold in the open hours instead of aggregating a year of daily rows.
 */
@Entity('analytics_window_products')
@Index('analytics_window_products_revenue_idx', ['businessId', 'days', 'revenue', 'quantity'])
@Index('analytics_window_products_quantity_idx', ['businessId', 'days', 'quantity', 'revenue'])
@Index('analytics_window_products_margin_idx', ['businessId', 'days', 'margin'])
@Index('analytics_window_products_percent_idx', ['businessId', 'days', 'hasRevenue', 'marginPercent'])
export class AnalyticsWindowProduct {
  @PrimaryColumn('uuid', { primaryKeyConstraintName: 'analytics_window_products_pkey' })
  businessId: string;

  @PrimaryColumn('int', { primaryKeyConstraintName: 'analytics_window_products_pkey' })
  days: number;

  @PrimaryColumn('uuid', { primaryKeyConstraintName: 'analytics_window_products_pkey' })
  productId: string;

  @Column('numeric', { precision: 33, scale: 3 })
  quantity: string;

  @Column('numeric', { precision: 33, scale: 2 })
  revenue: string;

  @Column('numeric', { precision: 33, scale: 2 })
  cost: string;

  /** revenue - cost */
  @Column('numeric', { precision: 33, scale: 2 })
  margin: string;

  /** revenue <> 0: a product without revenue has no margin percent and sorts after the others */
  @Column('boolean')
  hasRevenue: boolean;

  /** round(margin / revenue x 100, 2) half away from zero; 0 when hasRevenue is false (a sort key only) */
  @Column('numeric')
  marginPercent: string;
}
