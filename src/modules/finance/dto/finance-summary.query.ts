import { QueryInt } from '../../../common/validation/decorators';

export const DEFAULT_SUMMARY_DAYS = 30;
export const MAX_SUMMARY_DAYS = 365;

/** GET /finance/summary: the last `days` days including today, in the business time zone. */
export class FinanceSummaryQuery {
  @QueryInt(1, MAX_SUMMARY_DAYS)
  days?: number;
}
