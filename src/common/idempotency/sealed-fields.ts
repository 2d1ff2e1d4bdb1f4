import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'crypto';
import { IdempotencyScope } from './idempotency-store';

/** How a secret field of a stored outcome is kept: `{ sealed: "v1.<iv>.<ciphertext>.<tag>" }` (base64url parts). */
export interface SealedValue {
  sealed: string;
}

export interface Sealing {
  /** the body as stored: each secret field replaced by its sealed form */
  seal(body: unknown): unknown;
  /** the stored body with its secret fields opened, or undefined when they cannot be (another caller's key) */
  unseal(stored: unknown): unknown;
}

/**
 * Secret fields of an idempotent answer (POST /api-keys's `api_key`, shown once) are never stored in
 * clear: the outcome keeps them encrypted (AES-256-GCM) under a key derived from the calling API key
 * itself, which the server never stores (only its SHA-256). A replay by the same caller with the same
 * Idempotency-Key gets the same answer; the database alone (a dump, a backup, a reader of
 * idempotency_keys) cannot open it, and neither can another key of the business.
 */
export function sealingOf(fields: readonly string[], callerKey: string, scope: IdempotencyScope): Sealing {
  const key = Buffer.from(hkdfSync('sha256', callerKey, scope.businessId, `idempotent-outcome:${scope.key}`, 32));
  return {
    seal: (body) => mapFields(body, fields, (value) => sealValue(key, value)),
    unseal: (stored) => {
      try {
        return mapFields(stored, fields, (value) => openValue(key, value));
      } catch {
        return undefined;
      }
    },
  };
}

function mapFields(body: unknown, fields: readonly string[], map: (value: unknown) => unknown): unknown {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return body;
  const out: Record<string, unknown> = { ...(body as Record<string, unknown>) };
  for (const field of fields) if (field in out) out[field] = map(out[field]);
  return out;
}

function sealValue(key: Buffer, value: unknown): SealedValue {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const text = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final()]);
  return { sealed: ['v1', iv.toString('base64url'), text.toString('base64url'), cipher.getAuthTag().toString('base64url')].join('.') };
}

function openValue(key: Buffer, value: unknown): unknown {
  const parts = typeof (value as SealedValue)?.sealed === 'string' ? (value as SealedValue).sealed.split('.') : [];
  if (parts.length !== 4 || parts[0] !== 'v1') throw new Error('not a sealed value');
  const [, iv, text, tag] = parts.map((p) => Buffer.from(p, 'base64url'));
  const decipher = createDecipheriv('aes-256-gcm', key, iv);
  decipher.setAuthTag(tag);
  return JSON.parse(Buffer.concat([decipher.update(text), decipher.final()]).toString('utf8')) as unknown;
}
