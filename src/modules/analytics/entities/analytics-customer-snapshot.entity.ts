import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import type { ClosedCustomerStats } from '../customer-stats';

/**
 * The closed part of /analytics/customers for a window starting on firstDay, up to the instant
 * `through` (kept whole: per-customer distinct counts do not add up across days).
 */
@Entity('analytics_customer_snapshots')
@Index('analytics_customer_snapshots_through_idx', ['businessId', 'through'])
export class AnalyticsCustomerSnapshot {
  @PrimaryColumn('uuid', { primaryKeyConstraintName: 'analytics_customer_snapshots_pkey' })
  businessId: string;

  @PrimaryColumn('date', { primaryKeyConstraintName: 'analytics_customer_snapshots_pkey' })
  firstDay: string;

  @PrimaryColumn('timestamptz', { primaryKeyConstraintName: 'analytics_customer_snapshots_pkey' })
  through: Date;

  @Column('jsonb')
  data: ClosedCustomerStats;

  @Column('timestamptz', { default: () => 'now()' })
  createdAt: Date;
}
