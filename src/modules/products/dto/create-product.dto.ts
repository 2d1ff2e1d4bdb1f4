import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsString } from 'class-validator';
import { IsMoney, IsUuid, OptionalNotNull, OptionalNullable } from '../../../common/validation/decorators';
import { Barcode, MinStock, ReorderQuantity, TrimmedText } from './product-fields';
import { MaxChars } from '../../../common/validation/text-length';

export class CreateProductDto {
  @TrimmedText(200, 'Espresso beans 1kg', true)
  name: string;

  @IsMoney({ required: true })
  price: number;

  @OptionalNullable()
  @IsMoney()
  cost_price?: number | null;

  @OptionalNullable()
  @IsUuid()
  @ApiPropertyOptional({ type: String, format: 'uuid', nullable: true })
  category_id?: string | null;

  /** docs/api.md 22: an active tax rate of the business; null or absent: the business's default rate */
  @OptionalNullable()
  @IsUuid()
  @ApiPropertyOptional({ type: String, format: 'uuid', nullable: true })
  tax_rate_id?: string | null;

  @OptionalNullable()
  @IsString()
  @MaxChars(2000)
  @ApiPropertyOptional({ type: String, nullable: true, maxLength: 2000 })
  description?: string | null;

  @OptionalNullable()
  @Barcode()
  barcode?: string | null;

  /** Default 'unit'. */
  @OptionalNotNull()
  @TrimmedText(32, 'kg')
  unit?: string;

  /** Generated (`SKU-000001`) when omitted; unique within the business. */
  @OptionalNotNull()
  @TrimmedText(64, 'ESP-1KG')
  sku?: string;

  @OptionalNotNull()
  @MinStock()
  min_stock?: number;

  /** Reorder suggestions propose at least this much (docs/api.md 14). */
  @OptionalNotNull()
  @ReorderQuantity()
  reorder_quantity?: number;
}
