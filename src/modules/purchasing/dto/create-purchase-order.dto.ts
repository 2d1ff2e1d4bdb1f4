import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMinSize, ValidateNested } from 'class-validator';
import { IsIsoDate, IsUuid, MaxItems, OptionalNotNull, OptionalNullable } from '../../../common/validation/decorators';
import { IsNotes } from '../../customers/dto/customer-fields';
import { MAX_ORDER_LINES } from '../../orders/dto/create-order.dto';
import { PurchaseOrderLineDto } from './purchase-order-line.dto';

/** POST /purchase-orders (docs/api.md 13): a draft to a supplier, into a warehouse (default the business's default). */
export class CreatePurchaseOrderDto {
  @ApiProperty({ format: 'uuid' })
  @IsUuid()
  supplier_id: string;

  @ApiPropertyOptional({ format: 'uuid' })
  @OptionalNotNull()
  @IsUuid()
  warehouse_id?: string;

  @OptionalNullable()
  @IsIsoDate()
  expected_date?: string | null;

  @OptionalNullable()
  @IsNotes()
  notes?: string | null;

  @ApiProperty({ type: [PurchaseOrderLineDto] })
  @MaxItems(MAX_ORDER_LINES, 'lines')
  @ArrayMinSize(1, { message: 'items must contain at least one line' })
  @ValidateNested({ each: true })
  @Type(() => PurchaseOrderLineDto)
  items: PurchaseOrderLineDto[];
}
