import { QueryInt } from '../../../common/validation/decorators';
import { MAX_DAYS } from '../analytics-window';

/** `days`: the window, the last `days` days including today in the business time zone (1..365, default 30). */
export class AnalyticsQueryDto {
  @QueryInt(1, MAX_DAYS)
  days?: number;
}
