import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { IdempotencyScope, IdempotencyStore, StoredOutcome } from '../../common/idempotency/idempotency-store';
import { purgeExpiredIdempotencyKeys, readIdempotencyKey, storeIdempotencyOutcome } from '../persistence/idempotency.sql';
import { runStatement } from '../run-statement';

// Expired rows are taken over on reuse; the rest are purged now and then, not on every request.
const PURGE_EVERY_LOOKUPS = 500;

/** The `idempotency_keys` table, read and written outside the request's unit of work. */
@Injectable()
export class PostgresIdempotencyStore extends IdempotencyStore {
  private lookups = 0;

  constructor(private readonly dataSource: DataSource) {
    super();
  }

  async lookup(scope: IdempotencyScope, fingerprint: string): Promise<StoredOutcome> {
    if (++this.lookups % PURGE_EVERY_LOOKUPS === 0) this.purgeExpired();
    const [row] = await runStatement(this.dataSource, readIdempotencyKey, [scope.businessId, scope.key]);
    if (!row) return { kind: 'none' };
    if (row.request_hash !== fingerprint) return { kind: 'reused' };
    return { kind: 'replay', status: row.response_status!, body: row.response_body };
  }

  async storeOutcome(scope: IdempotencyScope, request: { method: string; path: string; fingerprint: string }, status: number, body: unknown): Promise<void> {
    await runStatement(this.dataSource, storeIdempotencyOutcome, [
      scope.businessId,
      scope.key,
      request.method,
      request.path,
      request.fingerprint,
      status,
      JSON.stringify(body ?? null),
    ]);
  }

  private purgeExpired(): void {
    runStatement(this.dataSource, purgeExpiredIdempotencyKeys, []).catch(() => undefined);
  }
}
