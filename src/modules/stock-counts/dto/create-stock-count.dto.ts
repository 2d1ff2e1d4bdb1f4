import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMinSize, ValidateNested } from 'class-validator';
import { IsStockQuantity, IsUuid, MaxItems, OptionalNotNull, OptionalNullable } from '../../../common/validation/decorators';
import { IsNotes } from '../../customers/dto/customer-fields';

/** How many products one count may post. */
export const MAX_COUNT_LINES = 500;

export class StockCountLineDto {
  @ApiProperty({ format: 'uuid' })
  @IsUuid()
  product_id: string;

  /** The stock found; it becomes the product's stock in the warehouse (0 is a valid count). */
  @IsStockQuantity({ example: 17 })
  counted_quantity: number;

  /** The stock the counter saw before counting: when given and no longer the stock, nothing is applied (409 STOCK_CHANGED). */
  @OptionalNotNull()
  @IsStockQuantity({ required: false, example: 18 })
  expected_quantity?: number;
}

/** POST /stock/counts (docs/api.md 14): one line per product, all applied or none. */
export class CreateStockCountDto {
  /** Default: the business's default warehouse. */
  @ApiPropertyOptional({ format: 'uuid' })
  @OptionalNotNull()
  @IsUuid()
  warehouse_id?: string;

  @ApiProperty({ type: [StockCountLineDto] })
  @MaxItems(MAX_COUNT_LINES, 'lines')
  @ArrayMinSize(1, { message: 'items must contain at least one line' })
  @ValidateNested({ each: true })
  @Type(() => StockCountLineDto)
  items: StockCountLineDto[];

  @ApiPropertyOptional({ type: String, nullable: true })
  @OptionalNullable()
  @IsNotes()
  note?: string | null;
}
