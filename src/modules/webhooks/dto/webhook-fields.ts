import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayNotEmpty, ArrayUnique, IsArray, IsIn, IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { EVENT_NAMES } from '../../../common/events/domain-event';
import { MAX_URL_LENGTH } from '../url-policy';

/** The receiver URL; the scheme and host rules (https, no private hosts) are checked by the service. */
export function WebhookUrl(required: boolean): PropertyDecorator {
  const doc = { example: 'https://hooks.example.com/backoffice', maxLength: MAX_URL_LENGTH };
  return applyDecorators(
    IsString(),
    IsNotEmpty(),
    MaxLength(MAX_URL_LENGTH),
    required ? ApiProperty(doc) : ApiPropertyOptional(doc),
  );
}

/** A non-empty list of distinct known event names (CONTRACT.md 10). */
export function WebhookEvents(required: boolean): PropertyDecorator {
  const doc = { enum: EVENT_NAMES as unknown as string[], isArray: true, example: ['sale.completed'] };
  return applyDecorators(
    IsArray(),
    ArrayNotEmpty({ message: 'events must contain at least one event name' }),
    ArrayMaxSize(EVENT_NAMES.length),
    ArrayUnique({ message: 'events must not repeat a name' }),
    IsIn(EVENT_NAMES as unknown as string[], { each: true, message: `each value in events must be one of: ${EVENT_NAMES.join(', ')}` }),
    required ? ApiProperty(doc) : ApiPropertyOptional(doc),
  );
}

/** Write-only: sent back in X-Service-Signature and used to sign each delivery. */
export function WebhookSecret(nullable: boolean): PropertyDecorator {
  return applyDecorators(
    IsString(),
    IsNotEmpty(),
    MaxLength(256),
    ApiPropertyOptional({
      maxLength: 256,
      nullable,
      example: 'whsec_3f9a1c',
      description: nullable ? 'null removes the secret' : 'never returned; secret_set tells whether one is configured',
    }),
  );
}
