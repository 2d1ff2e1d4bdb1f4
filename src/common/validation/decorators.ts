import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsOptional,
  isUUID,
  IsUUID,
  Matches,
  Max,
  Min,
  ValidateBy,
  ValidateIf,
  ValidationOptions,
} from 'class-validator';
import { MAX_MONEY, MAX_QUANTITY } from '../money/money';

function decimalPlaces(value: number): number {
  const text = String(value);
  if (/e/i.test(text)) return Infinity;
  const dot = text.indexOf('.');
  return dot === -1 ? 0 : text.length - dot - 1;
}

function isNumberWithin(value: unknown, min: number, max: number, places: number, minExclusive: boolean): boolean {
  return typeof value === 'number' && Number.isFinite(value) && (minExclusive ? value > min : value >= min) && value <= max && decimalPlaces(value) <= places;
}

/** A JSON number from 0 to the largest amount with at most `places` decimals, documented with `example`. */
function nonNegativeDecimal(name: string, places: number, example: number, options?: ValidationOptions & { required?: boolean }): PropertyDecorator {
  return applyDecorators(
    ValidateBy(
      {
        name,
        validator: {
          validate: (value) => isNumberWithin(value, 0, MAX_MONEY, places, false),
          defaultMessage: (args) => `${args?.property} must be a non-negative number with at most ${places} decimals`,
        },
      },
      options,
    ),
    options?.required ? ApiProperty({ type: Number, example }) : ApiPropertyOptional({ type: Number, example }),
  );
}

/** A money amount: a JSON number, not negative, at most 2 decimals. */
export function IsMoney(options?: ValidationOptions & { required?: boolean }): PropertyDecorator {
  return nonNegativeDecimal('isMoney', 2, 9.99, options);
}

/** A unit cost: a JSON number, not negative, at most 4 decimals (costs are kept to 4 places). */
export function IsUnitCost(options?: ValidationOptions & { required?: boolean }): PropertyDecorator {
  return nonNegativeDecimal('isUnitCost', 4, 4.1275, options);
}

/** A quantity: a JSON number above 0 with at most 3 decimals (so products sold by the kg work). */
export function IsQuantity(options?: ValidationOptions): PropertyDecorator {
  return applyDecorators(
    ValidateBy(
      {
        name: 'isQuantity',
        validator: {
          validate: (value) => isNumberWithin(value, 0, MAX_QUANTITY, 3, true),
          defaultMessage: (args) => `${args?.property} must be a number above 0 with at most 3 decimals`,
        },
      },
      options,
    ),
    ApiProperty({ type: Number, example: 1 }),
  );
}

/**
 * A stock quantity that may be 0: a JSON number from 0 with at most 3 decimals (counted stock, what
 * arrived of a transfer, stock thresholds). `example` and `required` shape its documentation.
 */
export function IsStockQuantity(options?: ValidationOptions & { required?: boolean; example?: number }): PropertyDecorator {
  const example = options?.example ?? 0;
  return applyDecorators(
    ValidateBy(
      {
        name: 'isStockQuantity',
        validator: {
          validate: (value) => isNumberWithin(value, 0, MAX_QUANTITY, 3, false),
          defaultMessage: (args) => `${args?.property} must be a number >= 0 with at most 3 decimals`,
        },
      },
      options,
    ),
    options?.required === false ? ApiPropertyOptional({ type: Number, example, default: 0 }) : ApiProperty({ type: Number, example }),
  );
}

/** A signed non-zero quantity with at most 3 decimals (stock adjustments). */
export function IsSignedQuantity(options?: ValidationOptions): PropertyDecorator {
  return applyDecorators(
    ValidateBy(
      {
        name: 'isSignedQuantity',
        validator: {
          validate: (value) => typeof value === 'number' && value !== 0 && isNumberWithin(Math.abs(value), 0, MAX_QUANTITY, 3, true),
          defaultMessage: (args) => `${args?.property} must be a non-zero number with at most 3 decimals`,
        },
      },
      options,
    ),
    ApiProperty({ type: Number, example: -2 }),
  );
}

const ISO_DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
/** The first day a client may send (docs/api.md 1): PostgreSQL has no year 0, JavaScript's Date does. */
const FIRST_DATE = '0001-01-01';

export function isValidIsoDate(value: unknown): value is string {
  if (typeof value !== 'string' || !ISO_DATE.test(value) || value < FIRST_DATE) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

/** A calendar date `YYYY-MM-DD` that exists, from 0001-01-01 to 9999-12-31. */
export function IsIsoDate(options?: ValidationOptions): PropertyDecorator {
  return applyDecorators(
    ValidateBy(
      {
        name: 'isIsoDate',
        validator: {
          validate: (value) => isValidIsoDate(value),
          defaultMessage: (args) => `${args?.property} must be a date as YYYY-MM-DD from 0001-01-01 to 9999-12-31`,
        },
      },
      options,
    ),
    ApiProperty({ type: String, format: 'date', example: '2026-11-21' }),
  );
}

/** Optional, but when present it may not be null (a field with a default or a NOT NULL column). */
export function OptionalNotNull(): PropertyDecorator {
  return ValidateIf((_object, value) => value !== undefined);
}

/** Optional and nullable: absent or null skips the field's other rules (null clears a stored value). */
export function OptionalNullable(): PropertyDecorator {
  return ValidateIf((_object, value) => value !== undefined && value !== null);
}

/** Surrounding white space removed from a string before it is validated (other values untouched). */
export function Trim(): PropertyDecorator {
  return Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value));
}

/**
 * A UUID as the API takes it wherever a client sends one, path, query or body (docs/api.md 1): any
 * letter case, in lower case from then on; undefined when the value is not a UUID.
 */
export function parseUuid(value: unknown): string | undefined {
  return typeof value === 'string' && isUUID(value) ? value.toLowerCase() : undefined;
}

/**
 * A UUID field of a body or query, lower-cased before anything reads it: references are compared
 * with the ids the database returns, so `F28F...` would otherwise be an unknown product.
 */
export function IsUuid(options?: ValidationOptions): PropertyDecorator {
  return applyDecorators(
    Transform(({ value }: { value: unknown }) => parseUuid(value) ?? value),
    IsUUID(undefined, { message: ({ property }) => `${property} must be a UUID`, ...options }),
  );
}

/** An integer from the query string (strings are converted; anything else is 400). */
export function QueryInt(min: number, max: number): PropertyDecorator {
  return applyDecorators(
    IsOptional(),
    Transform(({ value }: { value: unknown }) => (typeof value === 'string' && /^-?\d+$/.test(value) ? Number(value) : value)),
    IsInt({ message: ({ property }) => `${property} must be an integer` }),
    Min(min),
    Max(max),
    ApiPropertyOptional({ type: Number, minimum: min, maximum: max }),
  );
}

/** A boolean from the query string: only `true` and `false`. */
export function QueryBool(): PropertyDecorator {
  return applyDecorators(
    IsOptional(),
    Transform(({ value }: { value: unknown }) => (value === 'true' ? true : value === 'false' ? false : value)),
    IsBoolean({ message: ({ property }) => `${property} must be true or false` }),
    ApiPropertyOptional({ type: Boolean }),
  );
}

/**
 * A JSON array of at most `max` elements (docs/api.md 1: every array of a request has a maximum),
 * documented as `maxItems`. The validation pipe refuses a longer one before class-transformer or any
 * element rule sees it (unsafe-input.ts reads this bound), so its elements are never validated.
 */
export function MaxItems(max: number, noun = 'elements'): PropertyDecorator {
  return (target, property) =>
    applyDecorators(
      IsArray(),
      ArrayMaxSize(max, { message: `${String(property)} must contain at most ${max} ${noun}` }),
      ApiProperty({ maxItems: max }),
    )(target, property);
}

/** One of a fixed set of strings. */
export function IsOneOf(values: readonly string[], options?: ValidationOptions): PropertyDecorator {
  return applyDecorators(
    IsIn(values as string[], { message: ({ property }) => `${property} must be one of: ${values.join(', ')}`, ...options }),
    ApiProperty({ enum: values as string[] }),
  );
}

export { Matches, Type };
