import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsBoolean, IsOptional, IsString, ValidateBy, ValidateNested } from 'class-validator';
import { IsQuantity, IsUuid, MaxItems } from '../../../common/validation/decorators';
import { MAX_ORDER_LINES } from '../../orders/dto/create-order.dto';
import { MaxChars } from '../../../common/validation/text-length';

export class ReturnLineDto {
  @ApiProperty({ format: 'uuid', description: 'the order line (an order item id)' })
  @IsUuid()
  sale_item_id: string;

  @IsQuantity()
  quantity: number;

  /** Put the goods back into stock (default true); false changes no stock. */
  @ApiPropertyOptional({ default: true })
  @IsOptional()
  @IsBoolean({ message: 'restock must be true or false' })
  restock?: boolean;

  /** Where restocked goods go; default the warehouse the sale took them from. */
  @ApiPropertyOptional({ format: 'uuid' })
  @IsOptional()
  @IsUuid()
  warehouse_id?: string;
}

/** An empty `items` is a shipping-only return, so it needs `refund_shipping: true`; the service checks the order. */
function EmptyOnlyToRefundShipping(): PropertyDecorator {
  return ValidateBy({
    name: 'emptyOnlyToRefundShipping',
    validator: {
      validate: (items: unknown, args) => !Array.isArray(items) || items.length > 0 || (args?.object as CreateReturnDto).refund_shipping === true,
      defaultMessage: () => 'items must contain at least one line, unless refund_shipping is true (a shipping-only return)',
    },
  });
}

/** POST /orders/:id/returns (docs/api.md 12). */
export class CreateReturnDto {
  @ApiProperty({
    type: [ReturnLineDto],
    minItems: 0,
    description:
      'the lines returned; empty only with refund_shipping true, on a partially returned or returned order whose shipping is not refunded yet (a shipping-only return)',
  })
  @MaxItems(MAX_ORDER_LINES, 'lines')
  @EmptyOnlyToRefundShipping()
  @ValidateNested({ each: true })
  @Type(() => ReturnLineDto)
  items: ReturnLineDto[];

  /** Refund the order's shipping too (once per order; default false). */
  @ApiPropertyOptional({ default: false })
  @IsOptional()
  @IsBoolean({ message: 'refund_shipping must be true or false' })
  refund_shipping?: boolean;

  @ApiPropertyOptional({ maxLength: 500 })
  @IsOptional()
  @IsString()
  @MaxChars(500)
  reason?: string;
}
