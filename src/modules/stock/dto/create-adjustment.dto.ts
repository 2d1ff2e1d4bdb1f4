import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsString } from 'class-validator';
import { IsOneOf, IsSignedQuantity, IsUuid, OptionalNotNull, OptionalNullable } from '../../../common/validation/decorators';
import { ADJUSTMENT_REASONS, AdjustmentReason } from '../stock.service';
import { MaxChars } from '../../../common/validation/text-length';

export class CreateAdjustmentDto {
  @IsUuid()
  @ApiProperty({ format: 'uuid' })
  product_id: string;

  /** The default warehouse when omitted. */
  @OptionalNotNull()
  @IsUuid()
  @ApiPropertyOptional({ format: 'uuid' })
  warehouse_id?: string;

  /** Signed: positive adds stock, negative removes it (never below 0). */
  @IsSignedQuantity()
  quantity: number;

  @IsOneOf(ADJUSTMENT_REASONS)
  reason: AdjustmentReason;

  @OptionalNullable()
  @IsString()
  @MaxChars(500)
  @ApiPropertyOptional({ type: String, nullable: true, maxLength: 500 })
  note?: string | null;
}
