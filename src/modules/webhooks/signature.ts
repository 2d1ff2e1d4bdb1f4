import { createHmac } from 'crypto';
import { EventEnvelope } from '../events/event-envelope';

/**
 * The X-Service-Signature-256 header: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">` keyed by
 * the secret. Signing the time with the body lets receivers refuse an old `t` (replay protection).
 */
export function signatureHeader(secret: string, unixSeconds: number, rawBody: string): string {
  const mac = createHmac('sha256', secret).update(`${unixSeconds}.${rawBody}`).digest('hex');
  return `t=${unixSeconds},v1=${mac}`;
}

export interface DeliveryRequest {
  body: string;
  headers: Record<string, string>;
}

/**
 * The exact bytes and headers of one delivery. The body is serialised once and signed as sent;
 * the secret headers are present only when the webhook has a secret.
 */
export function buildDeliveryRequest(envelope: EventEnvelope, secret: string | null, now: Date): DeliveryRequest {
  const body = JSON.stringify(envelope);
  const headers: Record<string, string> = {
    'Content-Type': 'application/json',
    'User-Agent': 'backoffice-webhooks/1',
    'X-Service-Event': envelope.event,
    'X-Service-Delivery': envelope.id,
  };
  if (secret) {
    headers['X-Service-Signature'] = secret;
    headers['X-Service-Signature-256'] = signatureHeader(secret, Math.floor(now.getTime() / 1000), body);
  }
  return { body, headers };
}
