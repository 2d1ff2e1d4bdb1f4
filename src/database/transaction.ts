import { createHash } from 'crypto';
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

  /**
   * Like query, as a named prepared statement of the connection: parsed once per connection and,
   * after a few runs, planned once (PostgreSQL's plan cache). For the fixed statements of hot paths,
   * where planning a large statement costs as much as running it; dynamic SQL should use query.
   */
  async prepared<T = Record<string, unknown>>(sql: string, params: unknown[] = []): Promise<T[]> {
    const runner = this.manager.queryRunner;
    if (!runner) throw new Error('Tx needs the EntityManager of a QueryRunner (see UnitOfWork)');
    // pg takes a query config ({name, text}) where TypeORM passes the SQL text through
    const statement = { name: statementName(sql), text: sql } as unknown as string;
    const result = await runner.query(statement, params, true);
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

const statementNames = new Map<string, string>();
const MAX_NAMED_STATEMENTS = 1000;

/** A stable name per SQL text (pg refuses one name for two texts on a connection). */
function statementName(sql: string): string {
  let name = statementNames.get(sql);
  if (!name) {
    name = `s_${createHash('sha1').update(sql).digest('hex').slice(0, 24)}`;
    if (statementNames.size < MAX_NAMED_STATEMENTS) statementNames.set(sql, name);
  }
  return name;
}
