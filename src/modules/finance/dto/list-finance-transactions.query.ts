import { IsOptional, IsString, MaxLength } from 'class-validator';
import { PaginationQueryDto } from '../../../common/pagination/pagination';
import { IsIsoDate, IsOneOf } from '../../../common/validation/decorators';
import { FINANCE_TYPES, FinanceType } from '../finance-types';

/** GET /finance/transactions: `from` and `to` are inclusive booking dates of the business. */
export class ListFinanceTransactionsQuery extends PaginationQueryDto {
  @IsOptional()
  @IsOneOf(FINANCE_TYPES)
  type?: FinanceType;

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
