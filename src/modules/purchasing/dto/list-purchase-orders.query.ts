import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional } from 'class-validator';
import { DateRangeQueryDto } from '../../../common/pagination/date-range';
import { IsOneOf, IsUuid } from '../../../common/validation/decorators';
import { PURCHASE_ORDER_STATUSES, PurchaseOrderStatus } from '../purchase-order-status';

/** GET /purchase-orders: status, supplier, and `from`/`to` on the creation date in the business time zone. */
export class ListPurchaseOrdersQuery extends DateRangeQueryDto {
  @IsOptional()
  @IsOneOf(PURCHASE_ORDER_STATUSES)
  status?: PurchaseOrderStatus;

  @ApiPropertyOptional({ format: 'uuid' })
  @IsOptional()
  @IsUuid()
  supplier_id?: string;
}
