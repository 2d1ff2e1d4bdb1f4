import { AsyncLocalStorage } from 'async_hooks';
import { IdempotencyScope } from './idempotency-store';

/**
 * The Idempotency-Key of the request being handled, visible to its unit of work: the unit of work
 * claims the key as its transaction's first statement and stores the outcome in the same transaction
 * (CONTRACT.md 9), so a rollback or a dead process leaves the key free, never stuck.
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
