import { ApiPropertyOptional, OmitType } from '@nestjs/swagger';
import { IsOptional, IsString } from 'class-validator';
import { DateRangeQueryDto } from '../../../common/pagination/date-range';
import { IsOneOf } from '../../../common/validation/decorators';
import { FINANCE_TYPES, FinanceType } from '../finance-types';
import { MaxChars } from '../../../common/validation/text-length';

/** GET /finance/transactions: `from` and `to` are inclusive booking dates of the business. */
export class ListFinanceTransactionsQuery extends DateRangeQueryDto {
  @IsOptional()
  @IsOneOf(FINANCE_TYPES)
  type?: FinanceType;

  @ApiPropertyOptional({ maxLength: 100 })
  @IsOptional()
  @IsString()
  @MaxChars(100)
  category?: string;
}

/** GET /finance/transactions/export: the filters of the list, without the page (every matching transaction). */
export class ExportFinanceTransactionsQuery extends OmitType(ListFinanceTransactionsQuery, ['page', 'per_page'] as const) {}
