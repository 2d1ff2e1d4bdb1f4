import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMinSize, IsBoolean, IsOptional, ValidateNested } from 'class-validator';
import { IsMoney, IsQuantity, IsUuid, MaxItems } from '../../../common/validation/decorators';
import { IsNotes } from '../../customers/dto/customer-fields';
import { IsPaymentMethod } from '../payment-method-rules';
import { OrderCustomerDto } from './order-customer.dto';

export const MAX_ORDER_LINES = 100;

export class OrderLineDto {
  @ApiProperty({ format: 'uuid' })
  @IsUuid()
  product_id: string;

  @IsQuantity()
  quantity: number;

  /** Overrides the product's price for this line. */
  @IsOptional()
  @IsMoney()
  price?: number;

  /** A discount amount on the line (at most quantity x price). */
  @IsOptional()
  @IsMoney()
  discount?: number;
}

/**
 * POST /orders: the lines, the optional customer and warehouse, the order's adjustments and an invoice on request; the
 * payment methods' own fields (`cash_tendered`) are added when the app starts (payment-method-fields.ts).
 */
export class CreateOrderDto {
  @ApiProperty({ type: [OrderLineDto] })
  @MaxItems(MAX_ORDER_LINES, 'lines')
  @ArrayMinSize(1, { message: 'items must contain at least one line' })
  @ValidateNested({ each: true })
  @Type(() => OrderLineDto)
  items: OrderLineDto[];

  @ApiPropertyOptional({ type: OrderCustomerDto })
  @IsOptional()
  @ValidateNested()
  @Type(() => OrderCustomerDto)
  customer?: OrderCustomerDto;

  /** One of the registered payment methods (orders/payment-method-fields.ts documents them when the app starts). */
  @ApiPropertyOptional()
  @IsOptional()
  @IsPaymentMethod()
  payment_method?: string;

  @IsOptional()
  @IsMoney()
  tax_amount?: number;

  @IsOptional()
  @IsMoney()
  shipping_amount?: number;

  @IsOptional()
  @IsMoney()
  discount_amount?: number;

  @ApiPropertyOptional({ default: false })
  @IsOptional()
  @IsBoolean({ message: 'send_invoice must be true or false' })
  send_invoice?: boolean;

  @ApiPropertyOptional({ format: 'uuid', description: 'default warehouse when omitted' })
  @IsOptional()
  @IsUuid()
  warehouse_id?: string;

  @IsOptional()
  @IsNotes()
  notes?: string;
}
