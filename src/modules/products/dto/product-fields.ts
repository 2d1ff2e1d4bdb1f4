import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsNotEmpty, IsString, ValidateBy } from 'class-validator';
import { IsStockQuantity, Trim } from '../../../common/validation/decorators';
import { isValidBarcode } from '../barcode';
import { MaxChars } from '../../../common/validation/text-length';

/** A trimmed, non-empty string of at most `max` characters. */
export function TrimmedText(max: number, example: string, required = false): PropertyDecorator {
  return applyDecorators(
    Trim(),
    IsString(),
    IsNotEmpty(),
    MaxChars(max),
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

/** A stock threshold: a number >= 0 with at most 3 decimals. */
export function MinStock(): PropertyDecorator {
  return IsStockQuantity({ required: false, example: 5 });
}

/** How much to reorder at least when stock runs low (docs/api.md 14): a number >= 0 with at most 3 decimals. */
export function ReorderQuantity(): PropertyDecorator {
  return IsStockQuantity({ required: false, example: 24 });
}
