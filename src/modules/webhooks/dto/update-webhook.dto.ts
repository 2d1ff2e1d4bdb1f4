import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean } from 'class-validator';
import { EventName } from '../../../common/events/domain-event';
import { OptionalNotNull, OptionalNullable } from '../../../common/validation/decorators';
import { WebhookEvents, WebhookSecret, WebhookUrl } from './webhook-fields';

/** A partial update; an absent field keeps its value, `secret: null` removes the secret. */
export class UpdateWebhookDto {
  @OptionalNotNull()
  @IsBoolean()
  @ApiPropertyOptional()
  is_active?: boolean;

  @OptionalNotNull()
  @WebhookUrl(false)
  url?: string;

  @OptionalNotNull()
  @WebhookEvents(false)
  events?: EventName[];

  @OptionalNullable()
  @WebhookSecret(true)
  secret?: string | null;
}
