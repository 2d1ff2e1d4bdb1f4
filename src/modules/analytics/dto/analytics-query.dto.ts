import { IsOptional } from 'class-validator';
import { IsOneOf, QueryInt } from '../../../common/validation/decorators';
import type { DashboardCompare } from '../analytics.service';
import { MAX_DAYS } from '../analytics-window';

/** `days`: the window, the last `days` days including today in the business time zone (1..365, default 30). */
export class AnalyticsQueryDto {
  @QueryInt(1, MAX_DAYS)
  days?: number;
}

export const DASHBOARD_COMPARES: readonly DashboardCompare[] = ['previous'];

/** GET /analytics/dashboard: `compare=previous` adds the figures of the window of the same length just before. */
export class DashboardQueryDto extends AnalyticsQueryDto {
  @IsOptional()
  @IsOneOf(DASHBOARD_COMPARES)
  compare?: DashboardCompare;
}
