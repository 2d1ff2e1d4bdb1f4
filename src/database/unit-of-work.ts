import { Injectable, Logger } from '@nestjs/common';
import { EventEmitter2 } from '@nestjs/event-emitter';
import { DataSource, QueryRunner } from 'typeorm';
import { EVENTS_COMMITTED } from '../common/events/domain-event';
import { sqlStateOf } from '../common/errors/pg-errors';
import { IdempotentRequest, idempotentRequests } from '../common/idempotency/idempotent-request';
import { DeferredBegin } from './deferred-begin';
import { claimInTransaction, completeThenCommit } from './idempotency/idempotency-in-transaction';
import { activityRecords, insertEventsAndActivity, insertEventsAndActivityThenCommit } from './activity-writer';
import { Tx } from './transaction';

/**
 * Serialization failure, deadlock; and on Citus an intermediate result not found (CIINF): a statement
 * run CTE by CTE whose business's shards moved to another worker between its subplans
 * (test/citus-shard-move.e2e-spec.ts). Each aborts the whole transaction, so it runs again from the start.
 */
const RETRYABLE = new Set(['40001', '40P01', 'CIINF']);
const MAX_ATTEMPTS = 4;

/**
 * How long a retry waits: a random time under 40, 80, then 160 ms. Transactions that deadlocked
 * together and ran again at once met again: on Citus, six concurrent staff invitations (each writing
 * the reference tables `users` and `staff_tokens` beside its business's shard, whose locks Citus takes
 * in different places: citusdata/citus#1054) spent all four attempts in distributed deadlocks.
 */
export function retryDelayMs(attempt: number, random = Math.random()): number {
  return Math.floor(random * 20 * 2 ** attempt);
}

/**
 * Owns the QueryRunner of a unit of work: begin, commit, rollback, release, and a few retries on
 * deadlock or serialization failure. Events recorded on the Tx are written to the outbox inside
 * the transaction and emitted in-process only after the commit has returned.
 */
@Injectable()
export class UnitOfWork {
  private readonly logger = new Logger(UnitOfWork.name);

  constructor(
    private readonly dataSource: DataSource,
    private readonly emitter: EventEmitter2,
  ) {}

  async run<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      const runner = this.dataSource.createQueryRunner();
      await runner.connect();
      const begin = new DeferredBegin(runner);
      const tx = new Tx(runner.manager);
      try {
        // a request sent with an Idempotency-Key commits its outcome with its first transaction
        const idempotent = idempotentRequests.getStore();
        const keyed = idempotent && !idempotent.committed ? idempotent : undefined;
        if (keyed) await claimInTransaction(tx, keyed);
        tx.commitMayJoinLastStatement = !keyed;
        const result = await work(tx);
        await this.finish(runner, begin, tx, keyed, result);
        if (keyed) Object.assign(keyed, { committed: true, committedBody: result });
        this.emitCommitted(tx);
        return result;
      } catch (err: unknown) {
        if (!begin.sent) markEnded(runner);
        else if (runner.isTransactionActive) await runner.rollbackTransaction().catch(() => undefined);
        const sqlState = sqlStateOf(err);
        if (sqlState !== undefined && RETRYABLE.has(sqlState) && attempt < MAX_ATTEMPTS) {
          this.logger.warn(`retrying transaction after ${sqlState} (attempt ${attempt})`);
          await new Promise((resolve) => setTimeout(resolve, retryDelayMs(attempt)));
          continue;
        }
        throw err;
      } finally {
        await runner.release();
      }
    }
  }

  /**
   * What is left after the work, and the commit: the unwritten events and activity entries (one
   * statement, activity-writer.ts) and the idempotency outcome,
   * the last of them sent with the COMMIT in one message (so the transaction's locks are released
   * without another round trip); a plain COMMIT when nothing is left or the work's last statement
   * committed already; nothing at all when nothing was sent (not even the BEGIN).
   */
  private async finish(runner: QueryRunner, begin: DeferredBegin, tx: Tx, keyed: IdempotentRequest | undefined, result: unknown): Promise<void> {
    if (!tx.committed) {
      const events = tx.takeEventsToWrite();
      const activities = tx.takeActivitiesToWrite();
      if (keyed) {
        // the events first (their own statement, as before); the entries go with the outcome and the COMMIT
        await insertEventsAndActivity(tx, events, []);
        await completeThenCommit(tx, keyed, result, activities.length > 0 ? activityRecords(activities).json : undefined);
      } else if (events.length > 0 || activities.length > 0) {
        await insertEventsAndActivityThenCommit(tx, events, activities);
      } else if (begin.sent) {
        return runner.commitTransaction();
      }
    }
    markEnded(runner);
  }

  private emitCommitted(tx: Tx): void {
    if (tx.events.length === 0) return;
    for (const event of tx.events) {
      try {
        this.emitter.emit(event.name, event);
      } catch (err: unknown) {
        this.logger.error({ msg: `listener for ${event.name} failed`, err });
      }
    }
    this.emitter.emit(EVENTS_COMMITTED, { events: tx.events });
  }
}

/**
 * The transaction committed with its last statement (Tx.preparedThenCommit), or never began on the
 * server (DeferredBegin): the query runner is told so, as its own commitTransaction would have left
 * it, so that it neither commits nor rolls back again.
 */
function markEnded(runner: QueryRunner): void {
  Object.assign(runner, { isTransactionActive: false, transactionDepth: 0 });
}
