import { createHash, randomBytes } from 'crypto';

export const API_KEY_PREFIX = 'bo_';

/** A new key: 32 random bytes, base64url, prefixed. Only its hash is stored. */
export function generateApiKey(): string {
  return API_KEY_PREFIX + randomBytes(32).toString('base64url');
}

export function hashApiKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

/** `Bearer <key>` -> key; anything else -> undefined. */
export function parseBearer(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const match = /^Bearer ([A-Za-z0-9_-]{10,200})$/.exec(header.trim());
  return match?.[1];
}
