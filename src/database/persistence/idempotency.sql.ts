import { IDEMPOTENCY_TTL_HOURS } from '../../common/idempotency/idempotency-store';
import { defineStatement } from '../statement';

const EXPIRED = `created_at < now() - make_interval(hours => ${IDEMPOTENCY_TTL_HOURS})`;

/**
 * EXPIRED in an upsert's conflict condition, measured from the new row's created_at (its default,
 * now()): Citus takes no function but an immutable one there.
 */
const EXPIRED_AT_INSERT = `EXCLUDED.created_at - idempotency_keys.created_at > interval '${IDEMPOTENCY_TTL_HOURS} hours'`;

/**
 * Claims key $2 of business $1 for a request ($3 method, $4 path, $5 fingerprint), as the first
 * statement of the request's transaction: a new key, an expired one, or one left `in_progress` (only
 * a transaction that never committed writes that status, so such a row is a dead request's). While
 * another transaction holds the key uncommitted, this waits for it. No row when the key is taken.
 */
export const claimIdempotencyKey = defineStatement<[businessId: string, key: string, method: string, path: string, requestHash: string], { claimed: number }>(
  'idempotency.claim',
  `INSERT INTO idempotency_keys (business_id, key, method, path, request_hash, status)
       VALUES ($1, $2, $3, $4, $5, 'in_progress')
       ON CONFLICT (business_id, key) DO UPDATE
          SET method = EXCLUDED.method, path = EXCLUDED.path, request_hash = EXCLUDED.request_hash, status = 'in_progress',
              response_status = NULL, response_body = NULL, created_at = EXCLUDED.created_at
        WHERE ${EXPIRED_AT_INSERT} OR idempotency_keys.status = 'in_progress'
       RETURNING 1 AS claimed`,
);

export interface HeldKeyRow {
  request_hash: string;
  status: string;
  response_status: number | null;
  response_body: unknown;
}

/** The committed outcome under key $2 of business $1 within its lifetime. */
export const readIdempotencyKey = defineStatement<[businessId: string, key: string], HeldKeyRow>(
  'idempotency.read',
  `SELECT request_hash, status, response_status, response_body FROM idempotency_keys
    WHERE business_id = $1 AND key = $2 AND status = 'completed' AND NOT (${EXPIRED})`,
);

/** The response ($3 status, $4 body as JSON text) of the request that claimed key $2 of business $1, in its transaction. */
export const completeIdempotencyKey = defineStatement<[businessId: string, key: string, status: number, body: string], never>(
  'idempotency.complete',
  `UPDATE idempotency_keys SET status = 'completed', response_status = $3, response_body = $4::json
        WHERE business_id = $1 AND key = $2`,
);

/**
 * The outcome of a request that committed nothing under the key (a client error, or an answer made
 * without a unit of work): inserted, or taking over an expired key or a dead request's; never any
 * committed live outcome (docs/api.md 9: it is final), even of the same request sent again, which
 * may have committed its effect in between. No row when one is there: that outcome is the answer.
 */
export const storeUncommittedOutcome = defineStatement<
  [businessId: string, key: string, method: string, path: string, requestHash: string, status: number, body: string],
  { stored: number }
>(
  'idempotency.storeUncommittedOutcome',
  `INSERT INTO idempotency_keys (business_id, key, method, path, request_hash, status, response_status, response_body)
       VALUES ($1, $2, $3, $4, $5, 'completed', $6, $7::json)
       ON CONFLICT (business_id, key) DO UPDATE
          SET method = EXCLUDED.method, path = EXCLUDED.path, request_hash = EXCLUDED.request_hash, status = 'completed',
              response_status = EXCLUDED.response_status, response_body = EXCLUDED.response_body, created_at = EXCLUDED.created_at
        WHERE ${EXPIRED_AT_INSERT} OR idempotency_keys.status = 'in_progress'
       RETURNING 1 AS stored`,
);

/**
 * The final body ($5 status, $6 body as JSON text) of the request that committed key $2 of business
 * $1 with request $3, shaped after its commit. Only that request's row matches: a committed live
 * outcome is never claimed again, and the request claimed the key moments ago, so it is not expired.
 */
export const replaceCommittedBody = defineStatement<[businessId: string, key: string, requestHash: string, status: number, body: string], never>(
  'idempotency.replaceCommittedBody',
  `UPDATE idempotency_keys SET response_status = $4, response_body = $5::json
    WHERE business_id = $1 AND key = $2 AND request_hash = $3 AND status = 'completed' AND NOT (${EXPIRED})`,
);

/** Keys of every business past their lifetime. */
export const purgeExpiredIdempotencyKeys = defineStatement<[], never>('idempotency.purgeExpired', `DELETE FROM idempotency_keys WHERE ${EXPIRED}`);
