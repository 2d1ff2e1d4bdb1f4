import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsNotEmpty, IsString, MaxLength, ValidateBy } from 'class-validator';
import { MAX_QUANTITY } from '../../../common/money/money';
import { Trim } from '../../../common/validation/decorators';
import { isValidBarcode } from '../barcode';

/** A trimmed, non-empty string of at most `max` characters. */
export function TrimmedText(max: number, example: string, required = false): PropertyDecorator {
  return applyDecorators(
    Trim(),
    IsString(),
    IsNotEmpty(),
    MaxLength(max),
    required ? ApiProperty({ example, maxLength: max }) : ApiPropertyOptional({ example, maxLength: max }),
  );
}

export function Barcode(): PropertyDecorator {
  return applyDecorators(
    ValidateBy({
      name: 'isBarcode',
      validator: {
        validate: (value) => isValidBarcode(value),
        defaultMessage: () => 'barcode must be a valid EAN-8, EAN-13, UPC-A or UPC-E code (digits with a correct check digit)',
      },
    }),
    ApiPropertyOptional({ type: String, nullable: true, example: '4006381333931' }),
  );
}

function isStockThreshold(value: unknown): boolean {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0 || value > MAX_QUANTITY) return false;
  const text = String(value);
  return !/e/i.test(text) && (text.split('.')[1] ?? '').length <= 3;
}

/** A stock threshold: a number >= 0 with at most 3 decimals. */
export function MinStock(): PropertyDecorator {
  return applyDecorators(
    ValidateBy({
      name: 'isMinStock',
      validator: {
        validate: (value) => isStockThreshold(value),
        defaultMessage: () => 'min_stock must be a number >= 0 with at most 3 decimals',
      },
    }),
    ApiPropertyOptional({ type: Number, example: 5, default: 0 }),
  );
}
