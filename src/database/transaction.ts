import { EntityManager } from 'typeorm';
import { DomainEvent } from '../common/events/domain-event';

/**
 * The handle every writing service method takes first. Repositories and queries come from its
 * manager, never from the global pool, so all the work of one request commits or rolls back together.
 */
export class Tx {
  readonly events: DomainEvent[] = [];
  private readonly persisted = new WeakSet<DomainEvent>();
  constructor(readonly manager: EntityManager) {}

  /**
   * The result rows of any statement. TypeORM's manager.query returns `[rows, rowCount]` for UPDATE
   * and DELETE (so `UPDATE ... RETURNING` would look like a two-element array); the structured result
   * of the query runner gives the rows for every command.
   */
  async query<T = Record<string, unknown>>(sql: string, params: unknown[] = []): Promise<T[]> {
    const runner = this.manager.queryRunner;
    if (!runner) throw new Error('Tx needs the EntityManager of a QueryRunner (see UnitOfWork)');
    const result = await runner.query(sql, params, true);
    return (result.records ?? []) as T[];
  }

  async one<T = Record<string, unknown>>(sql: string, params: unknown[] = []): Promise<T | undefined> {
    const rows = await this.query<T>(sql, params);
    return rows[0];
  }

  record(event: DomainEvent): void {
    this.events.push(event);
  }

  /**
   * An event whose outbox row the caller already inserted in one of its own statements (a hot path
   * saving a round trip, see outboxInsertSql): emitted after commit like any other, not inserted again.
   */
  recordPersisted(event: DomainEvent): void {
    this.events.push(event);
    this.markPersisted([event]);
  }

  /** Events recorded earlier whose outbox rows the caller has now inserted in one of its statements. */
  markPersisted(events: DomainEvent[]): void {
    for (const event of events) this.persisted.add(event);
  }

  /** The recorded events whose outbox rows the unit of work still has to write. */
  get eventsToPersist(): DomainEvent[] {
    return this.events.filter((e) => !this.persisted.has(e));
  }
}
