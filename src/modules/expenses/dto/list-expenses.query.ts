import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString } from 'class-validator';
import { DateRangeQueryDto } from '../../../common/pagination/date-range';
import { MaxChars } from '../../../common/validation/text-length';

/** GET /expenses: `from` and `to` are inclusive expense dates. */
export class ListExpensesQuery extends DateRangeQueryDto {
  @ApiPropertyOptional({ maxLength: 100 })
  @IsOptional()
  @IsString()
  @MaxChars(100)
  category?: string;
}
