export interface IdempotencyScope {
  businessId: string;
  key: string;
}

export type StoredOutcome = { kind: 'none' } | { kind: 'replay'; status: number; body: unknown } | { kind: 'reused' };

export const IDEMPOTENCY_TTL_HOURS = 24;

/**
 * Where the outcomes of requests sent with an Idempotency-Key are kept, one per (business, key), for
 * 24 hours. A request's effect and its outcome are committed together by its unit of work (see
 * IdempotentRequest); this store reads them and keeps what has no transaction of its own: client
 * errors (4xx), and the final body when the handler shaped it after its commit.
 *
 * The interceptor depends on this contract only; the database provides the implementation.
 */
export abstract class IdempotencyStore {
  /** The committed outcome of the key, if any: `fingerprint` tells the same request from another one. */
  abstract lookup(scope: IdempotencyScope, fingerprint: string): Promise<StoredOutcome>;

  /**
   * Stores the outcome of a request that committed nothing under the key (a client error), unless a
   * committed outcome is there already: that one is final, and false says the answer is that one.
   */
  abstract storeUncommittedOutcome(scope: IdempotencyScope, request: OutcomeRequest, status: number, body: unknown): Promise<boolean>;

  /** Replaces the body a request committed with the key by the one its handler shaped after the commit. */
  abstract replaceCommittedBody(scope: IdempotencyScope, request: OutcomeRequest, status: number, body: unknown): Promise<void>;
}

export interface OutcomeRequest {
  method: string;
  path: string;
  fingerprint: string;
}
