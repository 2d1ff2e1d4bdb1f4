import { ApiProperty } from '@nestjs/swagger';
import { EVENT_NAMES } from '../../common/events/domain-event';
import { WebhookDelivery } from './entities/webhook-delivery.entity';
import { Webhook } from './entities/webhook.entity';

export const DELIVERY_STATUSES = ['pending', 'delivering', 'succeeded', 'failed'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

export class WebhookJson {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ example: 'https://hooks.example.com/backoffice' }) url: string;
  @ApiProperty({ enum: EVENT_NAMES, isArray: true, example: ['sale.completed'] }) events: string[];
  @ApiProperty() is_active: boolean;
  @ApiProperty({ description: 'whether a signing secret is set (the secret itself is never returned)' }) secret_set: boolean;
  @ApiProperty({ format: 'date-time' }) created_at: string;
  @ApiProperty({ format: 'date-time' }) updated_at: string;
}

/** The secret is write-only: only whether one is set ever leaves the service. */
export function toWebhookJson(webhook: Webhook): WebhookJson {
  return {
    id: webhook.id,
    url: webhook.url,
    events: webhook.events,
    is_active: webhook.isActive,
    secret_set: webhook.secret !== null,
    created_at: webhook.createdAt.toISOString(),
    updated_at: webhook.updatedAt.toISOString(),
  };
}

export class DeliveryJson {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ format: 'uuid' }) webhook_id: string;
  @ApiProperty({ enum: EVENT_NAMES, example: 'sale.completed' }) event: string;
  @ApiProperty({ format: 'uuid' }) event_id: string;
  @ApiProperty({ enum: DELIVERY_STATUSES }) status: DeliveryStatus;
  @ApiProperty({ type: Number, nullable: true, example: 200 }) response_code: number | null;
  @ApiProperty({ type: Number, nullable: true, example: 42 }) duration_ms: number | null;
  @ApiProperty({ type: String, nullable: true }) error: string | null;
  @ApiProperty({ example: 1 }) attempts: number;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) next_attempt_at: string | null;
  @ApiProperty({ format: 'date-time' }) created_at: string;
  @ApiProperty({ format: 'date-time' }) updated_at: string;
}

/** For a delivery in progress next_attempt_at is an internal lease, so it is shown only while waiting. */
export function toDeliveryJson(delivery: WebhookDelivery): DeliveryJson {
  return {
    id: delivery.id,
    webhook_id: delivery.webhookId,
    event: delivery.event,
    event_id: delivery.eventId,
    status: delivery.status,
    response_code: delivery.responseCode,
    duration_ms: delivery.durationMs,
    error: delivery.error,
    attempts: delivery.attempts,
    next_attempt_at: delivery.status === 'pending' && delivery.nextAttemptAt ? delivery.nextAttemptAt.toISOString() : null,
    created_at: delivery.createdAt.toISOString(),
    updated_at: delivery.updatedAt.toISOString(),
  };
}
