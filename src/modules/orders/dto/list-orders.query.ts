import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsUUID } from 'class-validator';
import { DateRangeQueryDto } from '../../../common/pagination/date-range';
import { IsOneOf } from '../../../common/validation/decorators';
import { SALE_STATUSES, SaleStatus } from '../sale-status';

/** GET /orders filters: customer, status, and `from`/`to`, inclusive dates in the business time zone. */
export class ListOrdersQuery extends DateRangeQueryDto {
  @ApiPropertyOptional({ format: 'uuid' })
  @IsOptional()
  @IsUUID(undefined, { message: 'customer_id must be a UUID' })
  customer_id?: string;

  @IsOptional()
  @IsOneOf(SALE_STATUSES)
  status?: SaleStatus;
}
