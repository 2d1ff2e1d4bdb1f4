import { applyDecorators } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsString, ValidateBy, ValidationOptions } from 'class-validator';
import { normalizePhone } from '../customer-identity';
import { MaxChars } from '../../../common/validation/text-length';

const PHONE_CHARS = /^\+?[0-9\s().\-/]+$/;

/** A phone number as people write it: digits with spaces, dots, dashes, brackets and a leading +; 3 to 20 digits. */
export function IsPhone(options?: ValidationOptions): PropertyDecorator {
  return applyDecorators(
    ValidateBy(
      {
        name: 'isPhone',
        validator: {
          validate: (value) => {
            if (typeof value !== 'string' || value.length > 40 || !PHONE_CHARS.test(value.trim())) return false;
            const digits = normalizePhone(value)?.replace('+', '') ?? '';
            return digits.length >= 3 && digits.length <= 20;
          },
          defaultMessage: (args) => `${args?.property} must be a phone number (3 to 20 digits, an optional leading +)`,
        },
      },
      options,
    ),
    ApiPropertyOptional({ type: String, example: '+1 555 010 0200' }),
  );
}

export function IsCustomerName(options?: ValidationOptions): PropertyDecorator {
  return applyDecorators(IsString(options), MaxChars(200, options), ApiPropertyOptional({ type: String, example: 'Ada Lovelace' }));
}

export function IsNotes(): PropertyDecorator {
  return applyDecorators(IsString(), MaxChars(2000), ApiPropertyOptional({ type: String }));
}
