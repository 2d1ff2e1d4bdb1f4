import { ApiProperty } from '@nestjs/swagger';
import { IsOptional } from 'class-validator';
import { IsIsoDate, IsOneOf } from '../../../common/validation/decorators';
import { INVOICE_UPDATE_STATUSES, InvoiceUpdateStatus } from '../invoice-status';

/**
 * PUT /invoices/:id. `status` is what the update does, so it is needed (`unpaid` is 400);
 * `paid_date` only goes with `paid` (default: today in the business time zone).
 */
export class UpdateInvoiceDto {
  @ApiProperty({ enum: INVOICE_UPDATE_STATUSES })
  @IsOneOf(INVOICE_UPDATE_STATUSES)
  status: InvoiceUpdateStatus;

  @IsOptional()
  @IsIsoDate()
  paid_date?: string;
}
