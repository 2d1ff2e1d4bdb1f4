import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsUUID } from 'class-validator';
import { DateRangeQueryDto } from '../../../common/pagination/date-range';
import { IsOneOf } from '../../../common/validation/decorators';

export const ORDER_STATUSES = ['completed', 'pending', 'cancelled'] as const;

/** GET /orders filters: customer, status, and `from`/`to`, inclusive dates in the business time zone. */
export class ListOrdersQuery extends DateRangeQueryDto {
  @ApiPropertyOptional({ format: 'uuid' })
  @IsOptional()
  @IsUUID(undefined, { message: 'customer_id must be a UUID' })
  customer_id?: string;

  @IsOptional()
  @IsOneOf(ORDER_STATUSES)
  status?: (typeof ORDER_STATUSES)[number];
}
