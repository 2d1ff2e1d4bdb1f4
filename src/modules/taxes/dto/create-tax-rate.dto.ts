import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, ValidateBy } from 'class-validator';
import { applyDecorators } from '@nestjs/common';
import { OptionalNotNull } from '../../../common/validation/decorators';
import { TrimmedText } from '../../products/dto/product-fields';

/** A percentage from 0 to 100 with at most 4 decimals (docs/api.md 22). */
export function IsTaxPercentage(): PropertyDecorator {
  return applyDecorators(
    ValidateBy({
      name: 'isTaxPercentage',
      validator: {
        validate: (value) => typeof value === 'number' && Number.isFinite(value) && value >= 0 && value <= 100 && /^\d+(\.\d{1,4})?$/.test(String(value)),
        defaultMessage: (args) => `${args?.property} must be a percentage from 0 to 100 with at most 4 decimals`,
      },
    }),
    ApiProperty({ type: Number, example: 19, minimum: 0, maximum: 100 }),
  );
}

export class CreateTaxRateDto {
  @TrimmedText(100, 'VAT 19%', true)
  name: string;

  @IsTaxPercentage()
  rate: number;

  /** the rate of products without one; making a rate the default takes it from the previous one */
  @OptionalNotNull()
  @IsBoolean()
  @ApiPropertyOptional({ example: true, default: false })
  is_default?: boolean;
}
