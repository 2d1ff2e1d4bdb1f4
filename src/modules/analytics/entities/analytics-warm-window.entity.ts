import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * A window length of /analytics/customers, other than the ones always warmed, that a request had
 * to build: the warmer builds its customer snapshot each day too, until no request has needed it for
 * REMEMBERED_WINDOW_DAYS (AnalyticsWarmer).
 */
@Entity('analytics_warm_windows')
export class AnalyticsWarmWindow {
  @PrimaryColumn('uuid', { primaryKeyConstraintName: 'analytics_warm_windows_pkey' })
  businessId: string;

  @PrimaryColumn('int', { primaryKeyConstraintName: 'analytics_warm_windows_pkey' })
  days: number;

  @Column('timestamptz')
  lastBuiltAt: Date;
}
