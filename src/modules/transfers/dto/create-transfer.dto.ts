import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMinSize, ValidateNested } from 'class-validator';
import { IsQuantity, IsUuid, MaxItems, OptionalNullable } from '../../../common/validation/decorators';
import { IsNotes } from '../../customers/dto/customer-fields';
import { MAX_ORDER_LINES } from '../../orders/dto/create-order.dto';

export class TransferLineDto {
  @ApiProperty({ format: 'uuid' })
  @IsUuid()
  product_id: string;

  @IsQuantity()
  quantity: number;
}

/** POST /stock/transfers (docs/api.md 14): goods leave the source at once; a product may be on several lines, checked on their sum. */
export class CreateTransferDto {
  @ApiProperty({ format: 'uuid' })
  @IsUuid()
  from_warehouse_id: string;

  @ApiProperty({ format: 'uuid', description: 'another warehouse than from_warehouse_id' })
  @IsUuid()
  to_warehouse_id: string;

  @ApiProperty({ type: [TransferLineDto] })
  @MaxItems(MAX_ORDER_LINES, 'lines')
  @ArrayMinSize(1, { message: 'items must contain at least one line' })
  @ValidateNested({ each: true })
  @Type(() => TransferLineDto)
  items: TransferLineDto[];

  @ApiPropertyOptional({ type: String, nullable: true })
  @OptionalNullable()
  @IsNotes()
  notes?: string | null;
}
