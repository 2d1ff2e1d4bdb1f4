import { Injectable, Logger } from '@nestjs/common';
import { EventEmitter2 } from '@nestjs/event-emitter';
import { DataSource } from 'typeorm';
import { EVENTS_COMMITTED } from '../common/events/domain-event';
import { insertOutboxEvents } from './outbox-writer';
import { Tx } from './transaction';

const RETRYABLE = new Set(['40001', '40P01']); // serialization failure, deadlock
const MAX_ATTEMPTS = 4;

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
      const tx = new Tx(runner.manager);
      try {
        await runner.startTransaction();
        const result = await work(tx);
        await insertOutboxEvents(tx, tx.eventsToPersist);
        await runner.commitTransaction();
        this.emitCommitted(tx);
        return result;
      } catch (err) {
        if (runner.isTransactionActive) await runner.rollbackTransaction().catch(() => undefined);
        if (RETRYABLE.has(err?.code ?? err?.driverError?.code) && attempt < MAX_ATTEMPTS) {
          this.logger.warn(`retrying transaction after ${err.code ?? err.driverError?.code} (attempt ${attempt})`);
          continue;
        }
        throw err;
      } finally {
        await runner.release();
      }
    }
  }

  private emitCommitted(tx: Tx): void {
    if (tx.events.length === 0) return;
    for (const event of tx.events) {
      try {
        this.emitter.emit(event.name, event);
      } catch (err) {
        this.logger.error(`listener for ${event.name} failed: ${err?.message ?? err}`);
      }
    }
    this.emitter.emit(EVENTS_COMMITTED, { events: tx.events });
  }
}
