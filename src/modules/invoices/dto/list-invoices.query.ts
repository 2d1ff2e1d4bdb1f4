import { ApiPropertyOptional, OmitType } from '@nestjs/swagger';
import { IsOptional } from 'class-validator';
import { DateRangeQueryDto } from '../../../common/pagination/date-range';
import { IsOneOf, IsUuid } from '../../../common/validation/decorators';
import { INVOICE_STATUSES, InvoiceStatus } from '../invoice-status';

/** GET /invoices: `from` and `to` are inclusive issue dates in the business time zone. */
export class ListInvoicesQuery extends DateRangeQueryDto {
  @ApiPropertyOptional({ format: 'uuid' })
  @IsOptional()
  @IsUuid()
  customer_id?: string;

  @IsOptional()
  @IsOneOf(INVOICE_STATUSES)
  status?: InvoiceStatus;
}

/** GET /invoices/export: the filters of GET /invoices, without the page (every matching invoice). */
export class ExportInvoicesQuery extends OmitType(ListInvoicesQuery, ['page', 'per_page'] as const) {}
