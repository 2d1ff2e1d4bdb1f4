export const DELIVERY_STATUSES = ['pending', 'delivering', 'succeeded', 'failed'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

export interface WebhookRow {
  id: string;
  url: string;
  events: string[];
  secret: string | null;
  is_active: boolean;
  created_at: Date;
  updated_at: Date;
}

export interface WebhookJson {
  id: string;
  url: string;
  events: string[];
  is_active: boolean;
  secret_set: boolean;
  created_at: string;
  updated_at: string;
}

/** The secret is write-only: only whether one is set ever leaves the service. */
export function toWebhookJson(row: WebhookRow): WebhookJson {
  return {
    id: row.id,
    url: row.url,
    events: row.events,
    is_active: row.is_active,
    secret_set: row.secret !== null,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

export interface DeliveryRow {
  id: string;
  webhook_id: string;
  event_id: string;
  event: string;
  status: DeliveryStatus;
  attempts: number;
  next_attempt_at: Date | null;
  response_code: number | null;
  duration_ms: number | null;
  error: string | null;
  created_at: Date;
  updated_at: Date;
}

export interface DeliveryJson {
  id: string;
  webhook_id: string;
  event: string;
  event_id: string;
  status: DeliveryStatus;
  response_code: number | null;
  duration_ms: number | null;
  error: string | null;
  attempts: number;
  next_attempt_at: string | null;
  created_at: string;
  updated_at: string;
}

/** For a delivery in progress next_attempt_at is an internal lease, so it is shown only while waiting. */
export function toDeliveryJson(row: DeliveryRow): DeliveryJson {
  return {
    id: row.id,
    webhook_id: row.webhook_id,
    event: row.event,
    event_id: row.event_id,
    status: row.status,
    response_code: row.response_code,
    duration_ms: row.duration_ms,
    error: row.error,
    attempts: row.attempts,
    next_attempt_at: row.status === 'pending' && row.next_attempt_at ? row.next_attempt_at.toISOString() : null,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}
