import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMinSize, ValidateNested } from 'class-validator';
import { IsQuantity, IsUnitCost, IsUuid, MaxItems, OptionalNotNull } from '../../../common/validation/decorators';
import { MAX_ORDER_LINES } from '../../orders/dto/create-order.dto';

export class ReceiptLineDto {
  @ApiProperty({ format: 'uuid', description: 'a line of this purchase order (an item id)' })
  @IsUuid()
  purchase_order_item_id: string;

  @IsQuantity()
  quantity: number;

  /** Defaults to the line's unit cost. */
  @OptionalNotNull()
  @IsUnitCost()
  unit_cost?: number;
}

/** POST /purchase-orders/:id/receipts (docs/api.md 13). */
export class CreateReceiptDto {
  /** Where the goods go; default the purchase order's warehouse. */
  @ApiPropertyOptional({ format: 'uuid' })
  @OptionalNotNull()
  @IsUuid()
  warehouse_id?: string;

  @ApiProperty({ type: [ReceiptLineDto] })
  @MaxItems(MAX_ORDER_LINES, 'lines')
  @ArrayMinSize(1, { message: 'items must contain at least one line' })
  @ValidateNested({ each: true })
  @Type(() => ReceiptLineDto)
  items: ReceiptLineDto[];
}
