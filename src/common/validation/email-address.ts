import { applyDecorators } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { isEmail, ValidateBy, ValidationOptions } from 'class-validator';
import { hasControlCharacter } from './text-fields';

/**
 * One email address, nothing else (no display name, no list): at most 254 characters after trimming
 * surrounding spaces, and no control character anywhere. validator.js's isEmail takes a quoted local
 * part of any characters, CR LF included (`"x\\\r\nBcc: evil@evil.test"@example.com`), so the
 * control characters are refused here first, on the value as sent.
 */
export function isEmailAddress(value: unknown): value is string {
  if (typeof value !== 'string' || hasControlCharacter(value)) return false;
  const address = value.trim();
  return address.length <= 254 && isEmail(address);
}

/** An email field of any DTO (customers, suppliers, the profile, a mail's recipient): the one rule, isEmailAddress. */
export function IsEmailAddress(options?: ValidationOptions): PropertyDecorator {
  return applyDecorators(
    ValidateBy(
      {
        name: 'isEmailAddress',
        validator: {
          validate: (value) => isEmailAddress(value),
          defaultMessage: (args) => `${args?.property} must be one email address without control characters (CR, LF, ...)`,
        },
      },
      options,
    ),
    ApiPropertyOptional({ type: String, example: 'ada@example.com' }),
  );
}
