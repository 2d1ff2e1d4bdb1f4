import type { components } from '../../../../test/generated/openapi';

export type Webhook = components['schemas']['WebhookJson'];
export type WebhookEvent = components['schemas']['CreateWebhookDto']['events'][number];
export type DeliveryStatus = components['schemas']['DeliveryJson']['status'];

/**
 * The event names the API documents (docs/api.md 10; the enum of CreateWebhookDto.events in the
 * OpenAPI document). The record's type makes the typecheck fail when the document gains or loses a
 * name and this list does not follow.
 */
const EVENT_SET: Record<WebhookEvent, true> = {
  'sale.completed': true,
  'sale.cancelled': true,
  'sale.returned': true,
  'invoice.paid': true,
  'invoice.sent': true,
  'stock.low': true,
  'stock.out': true,
  'stock.adjusted': true,
  'customer.created': true,
  'expense.created': true,
  'payroll.processed': true,
  'purchase_order.received': true,
  'stock.transferred': true,
  'import.completed': true,
};
export const WEBHOOK_EVENTS = Object.keys(EVENT_SET) as WebhookEvent[];

export const DELIVERY_STATUSES: DeliveryStatus[] = ['pending', 'delivering', 'succeeded', 'failed'];
