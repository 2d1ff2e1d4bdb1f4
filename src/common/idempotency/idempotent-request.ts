import { AsyncLocalStorage } from 'async_hooks';
import { IdempotencyScope } from './idempotency-store';
import { Sealing } from './sealed-fields';

/**
 * The Idempotency-Key of the request being handled, visible to its unit of work: the unit of work
 * claims the key as its transaction's first statement and stores the outcome in the same transaction
 * (docs/api.md 9), so a rollback or a dead process leaves the key free, never stuck.
 */
export interface IdempotentRequest {
  scope: IdempotencyScope;
  method: string;
  path: string;
  fingerprint: string;
  /** the status of the route's success */
  status: number;
  /** set once a transaction of the request committed the key with its outcome */
  committed: boolean;
  committedBody?: unknown;
  /** the route's secret fields (`@Endpoint({ secretFields })`), stored sealed under the caller's key */
  sealing?: Sealing;
}

/** The form of a body the idempotency store keeps: secret fields sealed. */
export function storedForm(request: { sealing?: Sealing }, body: unknown): unknown {
  return request.sealing ? request.sealing.seal(body) : body;
}

export const idempotentRequests = new AsyncLocalStorage<IdempotentRequest>();

/**
 * The key was committed by another request (same key, sent concurrently) while this one waited for
 * it: this request's transaction is rolled back and the interceptor answers with that outcome.
 */
export class IdempotencyKeyTaken extends Error {
  constructor() {
    super('the Idempotency-Key was committed by a concurrent request');
  }
}
