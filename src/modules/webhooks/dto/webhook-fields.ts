import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayNotEmpty, ArrayUnique, IsIn, IsNotEmpty, IsString, Matches } from 'class-validator';
import { EVENT_NAMES } from '../../../common/events/domain-event';
import { MaxItems } from '../../../common/validation/decorators';
import { MAX_URL_LENGTH } from '../url-policy';
import { MaxChars } from '../../../common/validation/text-length';

/** The receiver URL; the scheme and host rules (https, no private hosts) are checked by the service. */
export function WebhookUrl(required: boolean): PropertyDecorator {
  const doc = { example: 'https://hooks.example.com/backoffice', maxLength: MAX_URL_LENGTH };
  return applyDecorators(IsString(), IsNotEmpty(), MaxChars(MAX_URL_LENGTH), required ? ApiProperty(doc) : ApiPropertyOptional(doc));
}

/** A non-empty list of distinct known event names. */
export function WebhookEvents(required: boolean): PropertyDecorator {
  const doc = { enum: EVENT_NAMES as unknown as string[], isArray: true, example: ['sale.completed'] };
  return applyDecorators(
    MaxItems(EVENT_NAMES.length, 'event names'),
    ArrayNotEmpty({ message: 'events must contain at least one event name' }),
    ArrayUnique({ message: 'events must not repeat a name' }),
    IsIn(EVENT_NAMES, { each: true, message: `each value in events must be one of: ${EVENT_NAMES.join(', ')}` }),
    required ? ApiProperty(doc) : ApiPropertyOptional(doc),
  );
}

/** Visible ASCII, 1 to 255 characters: the secret travels in a header, where anything else would be changed on the way. */
const SECRET_PATTERN = /^[\x21-\x7e]{1,255}$/;

/** Write-only: sent back in X-Service-Signature and used to sign each delivery (docs/api.md 10). */
export function WebhookSecret(nullable: boolean): PropertyDecorator {
  return applyDecorators(
    IsString(),
    Matches(SECRET_PATTERN, { message: 'secret must be 1 to 255 visible ASCII characters (0x21 to 0x7E: no spaces, control or non-ASCII characters)' }),
    ApiPropertyOptional({
      type: String,
      minLength: 1,
      maxLength: 255,
      pattern: '^[\\x21-\\x7e]{1,255}$',
      nullable,
      example: 'whsec_3f9a1c',
      description: nullable ? 'null removes the secret' : 'never returned; secret_set tells whether one is configured',
    }),
  );
}
