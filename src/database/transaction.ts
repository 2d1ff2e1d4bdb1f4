import { createHash } from 'crypto';
import { EntityManager, EntityTarget, ObjectLiteral, Repository } from 'typeorm';
import { DomainEvent } from '../common/events/domain-event';
import { LockOrder } from './lock-order';
import { Statement } from './statement';

/**
 * The handle every writing service method takes first. Repositories and queries come from its
 * manager, never from the global pool, so all the work of one request commits or rolls back together.
 */
export class Tx {
  readonly events: DomainEvent[] = [];
  /** the contended locks taken so far: see LockRank */
  readonly locks = new LockOrder();
  private readonly written = new WeakSet<DomainEvent>();
  constructor(readonly manager: EntityManager) {}

  /** The entity's repository on this transaction's connection. */
  getRepository<E extends ObjectLiteral>(entity: EntityTarget<E>): Repository<E> {
    return this.manager.getRepository(entity);
  }

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
    return runPrepared<T>(this.manager, statementName(sql), sql, params);
  }

  /** A registered statement (persistence/*.sql.ts), prepared on the connection under its name. */
  async run<P extends readonly unknown[], R>(statement: Statement<P, R>, params: P): Promise<R[]> {
    return runPrepared<R>(this.manager, statement.name, statement.text, params);
  }

  async one<T = Record<string, unknown>>(sql: string, params: unknown[] = []): Promise<T | undefined> {
    const rows = await this.query<T>(sql, params);
    return rows[0];
  }

  /** The one event API of services: written to the outbox in this transaction, emitted after commit. */
  record(event: DomainEvent): void {
    this.events.push(event);
  }

  /**
   * The recorded events whose outbox rows are not written yet, from now on counted as written: for
   * the writer that is about to write them (a combined statement, or the unit of work at commit).
   * If that statement fails, the transaction fails with it, so none is lost.
   */
  takeEventsToWrite(): DomainEvent[] {
    const events = this.events.filter((e) => !this.written.has(e));
    for (const event of events) this.written.add(event);
    return events;
  }

  /** An event a statement has written already (conditionally, see CombinedStatement.writeEventIf). */
  recordWritten(event: DomainEvent): void {
    this.written.add(event);
    this.events.push(event);
  }
}

async function runPrepared<T>(manager: EntityManager, name: string, text: string, params: readonly unknown[]): Promise<T[]> {
  const runner = manager.queryRunner;
  if (!runner) throw new Error('Tx needs the EntityManager of a QueryRunner (see UnitOfWork)');
  // pg takes a query config ({name, text}) where TypeORM passes the SQL text through
  const config = { name, text } as unknown as string;
  const result = await runner.query(config, [...params], true);
  return (result.records ?? []) as T[];
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
