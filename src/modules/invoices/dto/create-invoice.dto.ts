import { ApiProperty } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMinSize, IsOptional, ValidateNested } from 'class-validator';
import { IsIsoDate, IsMoney, IsQuantity, IsUuid, MaxItems } from '../../../common/validation/decorators';
import { IsNotes } from '../../customers/dto/customer-fields';

export const MAX_INVOICE_LINES = 100;

export class InvoiceLineDto {
  @ApiProperty({ format: 'uuid' })
  @IsUuid()
  product_id: string;

  @IsQuantity()
  quantity: number;

  /** The unit price. */
  @IsMoney({ required: true })
  price: number;
}

/** POST /invoices: a manual invoice for a customer of the business, each line priced by the caller. */
export class CreateInvoiceDto {
  @ApiProperty({ format: 'uuid' })
  @IsUuid()
  customer_id: string;

  @ApiProperty({ type: [InvoiceLineDto] })
  @MaxItems(MAX_INVOICE_LINES, 'lines')
  @ArrayMinSize(1, { message: 'items must contain at least one line' })
  @ValidateNested({ each: true })
  @Type(() => InvoiceLineDto)
  items: InvoiceLineDto[];

  /** Default: today + 30 days in the business time zone. */
  @IsOptional()
  @IsIsoDate()
  due_date?: string;

  @IsOptional()
  @IsNotes()
  notes?: string;
}
