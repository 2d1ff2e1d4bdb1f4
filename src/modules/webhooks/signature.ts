import { createHmac } from 'crypto';
import { EventEnvelope } from '../events/event-envelope';

/** `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">` (CONTRACT.md 10). */
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
 * the secret headers are present only when the webhook has a secret (SPEC.md 6).
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
