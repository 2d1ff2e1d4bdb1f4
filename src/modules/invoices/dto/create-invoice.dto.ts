import { ApiProperty } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsOptional, IsUUID, ValidateNested } from 'class-validator';
import { IsIsoDate, IsMoney, IsQuantity } from '../../../common/validation/decorators';
import { IsNotes } from '../../customers/dto/customer-fields';

export const MAX_INVOICE_LINES = 100;

export class InvoiceLineDto {
  @ApiProperty({ format: 'uuid' })
  @IsUUID(undefined, { message: 'product_id must be a UUID' })
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
  @IsUUID(undefined, { message: 'customer_id must be a UUID' })
  customer_id: string;

  @ApiProperty({ type: [InvoiceLineDto] })
  @IsArray()
  @ArrayMinSize(1, { message: 'items must contain at least one line' })
  @ArrayMaxSize(MAX_INVOICE_LINES, { message: `items must contain at most ${MAX_INVOICE_LINES} lines` })
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
