import { ApiPropertyOptional, OmitType } from '@nestjs/swagger';
import { IsOptional } from 'class-validator';
import { DateRangeQueryDto } from '../../../common/pagination/date-range';
import { IsOneOf, IsUuid } from '../../../common/validation/decorators';
import { SALE_STATUSES, SaleStatus } from '../sale-status';

/** GET /orders filters: customer, status, and `from`/`to`, inclusive dates in the business time zone. */
export class ListOrdersQuery extends DateRangeQueryDto {
  @ApiPropertyOptional({ format: 'uuid' })
  @IsOptional()
  @IsUuid()
  customer_id?: string;

  @IsOptional()
  @IsOneOf(SALE_STATUSES)
  status?: SaleStatus;
}

/** GET /orders/export: the filters of GET /orders, without the page (every matching order). */
export class ExportOrdersQuery extends OmitType(ListOrdersQuery, ['page', 'per_page'] as const) {}
