import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMinSize, ValidateNested } from 'class-validator';
import { IsStockQuantity, IsUuid, MaxItems, OptionalNotNull } from '../../../common/validation/decorators';
import { MAX_ORDER_LINES } from '../../orders/dto/create-order.dto';

export class ReceivedTransferLineDto {
  @ApiProperty({ format: 'uuid', description: 'a product of this transfer' })
  @IsUuid()
  product_id: string;

  /** What arrived (0 when none did); never more than was shipped. */
  @IsStockQuantity({ example: 4 })
  quantity: number;
}

/**
 * POST /stock/transfers/:id/receive (docs/api.md 14). Without items, everything shipped arrived; with
 * items, each product arrived as given and a product not named arrived not at all. What was shipped
 * and did not arrive is lost.
 */
export class ReceiveTransferDto {
  @ApiPropertyOptional({ type: [ReceivedTransferLineDto] })
  @OptionalNotNull()
  @MaxItems(MAX_ORDER_LINES, 'lines')
  @ArrayMinSize(1, { message: 'items must contain at least one line' })
  @ValidateNested({ each: true })
  @Type(() => ReceivedTransferLineDto)
  items?: ReceivedTransferLineDto[];
}
