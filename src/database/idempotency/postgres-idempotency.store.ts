import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { IdempotencyScope, IdempotencyStore, OutcomeRequest, StoredOutcome } from '../../common/idempotency/idempotency-store';
import { purgeExpiredIdempotencyKeys, readIdempotencyKey, replaceCommittedBody, storeUncommittedOutcome } from '../persistence/idempotency.sql';
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

  async storeUncommittedOutcome(scope: IdempotencyScope, request: OutcomeRequest, status: number, body: unknown): Promise<boolean> {
    const stored = await runStatement(this.dataSource, storeUncommittedOutcome, [
      scope.businessId,
      scope.key,
      request.method,
      request.path,
      request.fingerprint,
      status,
      JSON.stringify(body ?? null),
    ]);
    return stored.length > 0;
  }

  async replaceCommittedBody(scope: IdempotencyScope, request: OutcomeRequest, status: number, body: unknown): Promise<void> {
    await runStatement(this.dataSource, replaceCommittedBody, [scope.businessId, scope.key, request.fingerprint, status, JSON.stringify(body ?? null)]);
  }

  private purgeExpired(): void {
    runStatement(this.dataSource, purgeExpiredIdempotencyKeys, []).catch(() => undefined);
  }
}
