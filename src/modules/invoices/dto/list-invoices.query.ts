import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsUUID } from 'class-validator';
import { DateRangeQueryDto } from '../../../common/pagination/date-range';
import { IsOneOf } from '../../../common/validation/decorators';
import { INVOICE_STATUSES, InvoiceStatus } from '../invoice-status';

/** GET /invoices: `from` and `to` are inclusive issue dates in the business time zone. */
export class ListInvoicesQuery extends DateRangeQueryDto {
  @ApiPropertyOptional({ format: 'uuid' })
  @IsOptional()
  @IsUUID(undefined, { message: 'customer_id must be a UUID' })
  customer_id?: string;

  @IsOptional()
  @IsOneOf(INVOICE_STATUSES)
  status?: InvoiceStatus;
}
