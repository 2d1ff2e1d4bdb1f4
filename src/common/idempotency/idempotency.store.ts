import { DataSource } from 'typeorm';

export interface IdempotencyScope {
  businessId: string;
  key: string;
}

export type Claim =
  | { kind: 'claimed' }
  | { kind: 'replay'; status: number; body: unknown }
  | { kind: 'reused' }
  | { kind: 'in_progress' };

export const IDEMPOTENCY_TTL_HOURS = 24;
// Expired rows are taken over on reuse; the rest are purged now and then, not on every request.
const PURGE_EVERY_CLAIMS = 500;

/**
 * The `idempotency_keys` table: one row per (business, key), claimed before the handler runs (an
 * atomic insert, so of two concurrent requests exactly one gets it), completed with the response,
 * or released when the response was a server error. A row older than 24 hours counts as absent.
 * Each statement commits on its own: the claim must be visible to concurrent requests at once.
 */
export class IdempotencyStore {
  private claims = 0;

  constructor(private readonly dataSource: DataSource) {}

  async claim(scope: IdempotencyScope, method: string, path: string, fingerprint: string): Promise<Claim> {
    if (++this.claims % PURGE_EVERY_CLAIMS === 0) this.purgeExpired();
    const claimed: unknown[] = await this.dataSource.query(
      `INSERT INTO idempotency_keys (business_id, key, method, path, request_hash, status)
       VALUES ($1, $2, $3, $4, $5, 'in_progress')
       ON CONFLICT (business_id, key) DO UPDATE
          SET method = EXCLUDED.method, path = EXCLUDED.path, request_hash = EXCLUDED.request_hash, status = 'in_progress',
              response_status = NULL, response_body = NULL, created_at = now()
        WHERE idempotency_keys.created_at < now() - make_interval(hours => ${IDEMPOTENCY_TTL_HOURS})
       RETURNING 1`,
      [scope.businessId, scope.key, method, path, fingerprint],
    );
    if (claimed.length > 0) return { kind: 'claimed' };
    const [row]: { request_hash: string; status: string; response_status: number | null; response_body: unknown }[] =
      await this.dataSource.query(
        `SELECT request_hash, status, response_status, response_body FROM idempotency_keys WHERE business_id = $1 AND key = $2`,
        [scope.businessId, scope.key],
      );
    // gone between the two statements: released after a server error, or purged
    if (!row) return this.claim(scope, method, path, fingerprint);
    if (row.request_hash !== fingerprint) return { kind: 'reused' };
    if (row.status !== 'completed') return { kind: 'in_progress' };
    return { kind: 'replay', status: row.response_status!, body: row.response_body };
  }

  async complete(scope: IdempotencyScope, status: number, body: unknown): Promise<void> {
    await this.dataSource.query(
      `UPDATE idempotency_keys SET status = 'completed', response_status = $3, response_body = $4::json
        WHERE business_id = $1 AND key = $2`,
      [scope.businessId, scope.key, status, JSON.stringify(body ?? null)],
    );
  }

  /** After a server error: the key may be used again, as if the request had never come. */
  async release(scope: IdempotencyScope): Promise<void> {
    await this.dataSource.query(`DELETE FROM idempotency_keys WHERE business_id = $1 AND key = $2 AND status = 'in_progress'`, [
      scope.businessId,
      scope.key,
    ]);
  }

  private purgeExpired(): void {
    this.dataSource
      .query(`DELETE FROM idempotency_keys WHERE created_at < now() - make_interval(hours => ${IDEMPOTENCY_TTL_HOURS})`)
      .catch(() => undefined);
  }
}
