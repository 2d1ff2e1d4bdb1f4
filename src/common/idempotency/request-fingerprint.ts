import { createHash } from 'crypto';
import { createReadStream } from 'fs';
import { parseUuid } from '../validation/decorators';

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
export const MAX_IDEMPOTENCY_KEY_LENGTH = 255;

/** JSON with object keys sorted at every level: the same body however its keys were ordered. */
export function canonicalJson(value: unknown): string {
  if (value === undefined) return 'null';
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map((v) => (v === undefined ? 'null' : canonicalJson(v))).join(',')}]`;
  const entries = Object.keys(value)
    .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
    .sort()
    .map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`);
  return `{${entries.join(',')}}`;
}

/**
 * The path a key is bound to: the request's, without its query, with each UUID segment in lower
 * case as the route reads it (UuidParam), so `/orders/F28F.../returns` is the same request as
 * `/orders/f28f.../returns` (docs/api.md 9).
 */
export function boundPath(url: string): string {
  return url
    .split('?')[0]
    .split('/')
    .map((segment) => parseUuid(segment) ?? segment)
    .join('/');
}

/** SHA-256 (hex) of method, path (its boundPath) and canonical body: what "the same request" means for a key. */
export function requestFingerprint(method: string, path: string, body: unknown): string {
  return createHash('sha256')
    .update(`${method.toUpperCase()}\n${path}\n${canonicalJson(body)}`, 'utf8')
    .digest('hex');
}

/**
 * The key of a request: undefined when the header is absent, else 1..255 characters (an empty or
 * longer value, or the header sent twice, is a validation error: null here).
 */
export function readIdempotencyKey(header: string | string[] | undefined): string | undefined | null {
  if (header === undefined) return undefined;
  if (typeof header !== 'string') return null;
  return header.length >= 1 && header.length <= MAX_IDEMPOTENCY_KEY_LENGTH ? header : null;
}

/**
 * The body a multipart upload is judged by (POST /imports, docs/api.md 23): its form fields and the
 * SHA-256 of the file multer wrote to disk (read streamed), so a key sent again with another file is
 * another request.
 */
export async function uploadedBody(fields: unknown, file: { path: string }): Promise<Record<string, unknown>> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file.path)) hash.update(chunk as Buffer);
  return { ...(typeof fields === 'object' && fields !== null ? fields : {}), '#file': hash.digest('hex') };
}
