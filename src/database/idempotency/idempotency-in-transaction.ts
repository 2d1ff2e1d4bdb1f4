import { IdempotencyKeyTaken, IdempotentRequest, storedForm } from '../../common/idempotency/idempotent-request';
import { completeIdempotencyKeyWithActivity } from '../persistence/activity.sql';
import { claimIdempotencyKey, completeIdempotencyKey } from '../persistence/idempotency.sql';
import { Tx } from '../transaction';

/**
 * The first statement of a request's transaction: its key, claimed uncommitted, so a concurrent
 * request with the same key waits for this one, then sees its outcome. Throws when the key is
 * already taken by a committed request.
 */
export async function claimInTransaction(tx: Tx, request: IdempotentRequest): Promise<void> {
  const { scope } = request;
  const claimed = await tx.run(claimIdempotencyKey, [scope.businessId, scope.key, request.method, request.path, request.fingerprint]);
  if (claimed.length === 0) throw new IdempotencyKeyTaken();
}

/**
 * The last statement, sent with the COMMIT: the outcome, committed with the effect it records, and
 * the activity entries `entries` (a jsonb array, activityRecords) when there are any, in the same statement.
 */
export async function completeThenCommit(tx: Tx, request: IdempotentRequest, body: unknown, entries?: string): Promise<void> {
  const params = [request.scope.businessId, request.scope.key, request.status, JSON.stringify(storedForm(request, body) ?? null)] as const;
  if (entries) await tx.runThenCommit(completeIdempotencyKeyWithActivity, [...params, entries]);
  else await tx.runThenCommit(completeIdempotencyKey, [...params]);
}
