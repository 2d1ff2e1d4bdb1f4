import { IsOptional } from 'class-validator';
import { EventName } from '../../../common/events/domain-event';
import { WebhookEvents, WebhookSecret, WebhookUrl } from './webhook-fields';

export class CreateWebhookDto {
  @WebhookUrl(true)
  url!: string;

  @WebhookEvents(true)
  events!: EventName[];

  @IsOptional()
  @WebhookSecret(false)
  secret?: string;
}
