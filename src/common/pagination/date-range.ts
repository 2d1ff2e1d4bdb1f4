import { IsOptional } from 'class-validator';
import { DomainError } from '../errors/domain-error';
import { IsIsoDate } from '../validation/decorators';
import { PaginationQueryDto } from './pagination';

/** Inclusive `from` and `to` dates (YYYY-MM-DD) of a list, in the business time zone. */
export interface DateRange {
  from?: string;
  to?: string;
}

/** A paged list filtered by inclusive `from`/`to` dates; its service calls assertDateRange. */
export class DateRangeQueryDto extends PaginationQueryDto implements DateRange {
  @IsOptional()
  @IsIsoDate()
  from?: string;

  @IsOptional()
  @IsIsoDate()
  to?: string;
}

/** 400 VALIDATION_FAILED when `from` is after `to` (YYYY-MM-DD compares as text). */
export function assertDateRange(range: DateRange): void {
  if (range.from && range.to && range.from > range.to) throw DomainError.validation('from', 'from must not be after to');
}
