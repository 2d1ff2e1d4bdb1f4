import { IsOptional, IsString, MaxLength } from 'class-validator';
import { DateRangeQueryDto } from '../../../common/pagination/date-range';

/** GET /expenses: `from` and `to` are inclusive expense dates. */
export class ListExpensesQuery extends DateRangeQueryDto {
  @IsOptional()
  @IsString()
  @MaxLength(100)
  category?: string;
}
