import { IsOptional, IsString, MaxLength } from 'class-validator';
import { PaginationQueryDto } from '../../../common/pagination/pagination';
import { IsIsoDate } from '../../../common/validation/decorators';

/** GET /expenses: `from` and `to` are inclusive expense dates. */
export class ListExpensesQuery extends PaginationQueryDto {
  @IsOptional()
  @IsString()
  @MaxLength(100)
  category?: string;

  @IsOptional()
  @IsIsoDate()
  from?: string;

  @IsOptional()
  @IsIsoDate()
  to?: string;
}
