import { ApiPropertyOptional, OmitType } from '@nestjs/swagger';
import { IsOptional, IsString } from 'class-validator';
import { MaxChars } from '../../../common/validation/text-length';
import { DateRangeQueryDto } from '../../../common/pagination/date-range';
import { IsOneOf, IsUuid } from '../../../common/validation/decorators';
import { SALE_STATUSES, SaleStatus } from '../sale-status';

/** GET /orders filters: customer, status, number, and `from`/`to`, inclusive dates in the business time zone. */
export class ListOrdersQuery extends DateRangeQueryDto {
  @ApiPropertyOptional({ format: 'uuid' })
  @IsOptional()
  @IsUuid()
  customer_id?: string;

  @IsOptional()
  @IsOneOf(SALE_STATUSES)
  status?: SaleStatus;

  /** The order's number, exactly, in any letter case (a receipt's barcode scanned: `s-0042` finds S-0042). */
  @ApiPropertyOptional({ example: 'S-0042', description: 'the order number, exact, any letter case' })
  @IsOptional()
  @IsString()
  @MaxChars(40)
  number?: string;
}

/** GET /orders/export: the filters of GET /orders, without the page (every matching order). */
export class ExportOrdersQuery extends OmitType(ListOrdersQuery, ['page', 'per_page'] as const) {}
