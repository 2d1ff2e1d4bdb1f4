import { applyDecorators } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { ValidateBy, ValidationOptions } from 'class-validator';

/**
 * The characters of `text` as the API counts them (docs/api.md 1): Unicode code points, as
 * PostgreSQL's varchar(n) does. Not UTF-16 units (`length`: an emoji is 2), nor validator.js's
 * `isLength`, behind class-validator's MaxLength, which leaves out variation selectors.
 */
export function characterCount(text: string): number {
  let count = 0;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    // a high surrogate followed by a low one is one code point
    if (unit >= 0xd800 && unit <= 0xdbff && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) i++;
    }
    count++;
  }
  return count;
}

/**
 * A string of `min` to `max` characters (code points): the one length rule of every input, in place
 * of class-validator's MaxLength, MinLength and Length. The bounds are documented as
 * maxLength/minLength (of each element's schema the field's own decorators say, with `each`).
 */
export function CharLength(min: number, max: number, options?: ValidationOptions): PropertyDecorator {
  const rule = ValidateBy(
    {
      name: 'charLength',
      constraints: [min, max],
      validator: {
        validate: (value) => typeof value === 'string' && characterCount(value) >= min && characterCount(value) <= max,
        defaultMessage: (args) => (min > 0 ? `${args?.property} must be ${min} to ${max} characters` : `${args?.property} must be at most ${max} characters`),
      },
    },
    options,
  );
  if (options?.each) return rule;
  return applyDecorators(rule, ApiProperty({ maxLength: max, ...(min > 0 ? { minLength: min } : {}) }));
}

/** A string of at most `max` characters (code points). */
export function MaxChars(max: number, options?: ValidationOptions): PropertyDecorator {
  return CharLength(0, max, options);
}
