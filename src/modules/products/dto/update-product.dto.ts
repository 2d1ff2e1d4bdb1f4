import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsString, IsUUID, MaxLength } from 'class-validator';
import { IsMoney } from '../../../common/validation/decorators';
import { Barcode, MinStock, OptionalNotNull, OptionalNullable, TrimmedText } from './product-fields';

/** A partial update of the create fields plus is_active; null clears the nullable ones. */
export class UpdateProductDto {
  @OptionalNotNull()
  @TrimmedText(200, 'Espresso beans 1kg')
  name?: string;

  @OptionalNotNull()
  @IsMoney()
  price?: number;

  @OptionalNullable()
  @IsMoney()
  cost_price?: number | null;

  @OptionalNullable()
  @IsUUID()
  @ApiPropertyOptional({ format: 'uuid', nullable: true })
  category_id?: string | null;

  @OptionalNullable()
  @IsString()
  @MaxLength(2000)
  @ApiPropertyOptional({ nullable: true, maxLength: 2000 })
  description?: string | null;

  @OptionalNullable()
  @Barcode()
  barcode?: string | null;

  @OptionalNotNull()
  @TrimmedText(32, 'kg')
  unit?: string;

  @OptionalNotNull()
  @TrimmedText(64, 'ESP-1KG')
  sku?: string;

  @OptionalNotNull()
  @MinStock()
  min_stock?: number;

  @OptionalNotNull()
  @IsBoolean()
  @ApiPropertyOptional()
  is_active?: boolean;
}
