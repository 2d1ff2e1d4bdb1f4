import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, ValidateIf } from 'class-validator';
import { EventName } from '../../../common/events/domain-event';
import { WebhookEvents, WebhookSecret, WebhookUrl } from './webhook-fields';

/** A partial update; an absent field keeps its value, `secret: null` removes the secret. */
export class UpdateWebhookDto {
  @ValidateIf((o) => o.is_active !== undefined)
  @IsBoolean()
  @ApiPropertyOptional()
  is_active?: boolean;

  @ValidateIf((o) => o.url !== undefined)
  @WebhookUrl(false)
  url?: string;

  @ValidateIf((o) => o.events !== undefined)
  @WebhookEvents(false)
  events?: EventName[];

  @ValidateIf((o) => o.secret !== undefined && o.secret !== null)
  @WebhookSecret(true)
  secret?: string | null;
}
