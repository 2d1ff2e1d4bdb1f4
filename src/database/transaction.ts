import { createHash } from 'crypto';
import { Client as PgClient, QueryResult } from 'pg';
import { EntityManager, EntityTarget, ObjectLiteral, Repository } from 'typeorm';
import { ActivityRecord } from '../common/activity/activity-record';
import { DomainEvent } from '../common/events/domain-event';
import { onCitus } from './citus';
import { DeferredBegin } from './deferred-begin';
import { LockOrder } from './lock-order';
import { sqlLiteral } from './sql-literal';
import { Statement } from './statement';

/**
 * The handle every writing service method takes first. Repositories and queries come from its
 * manager, never from the global pool, so all the work of one request commits or rolls back together.
 */
export class Tx {
  readonly events: DomainEvent[] = [];
  /** the activity log's entries of this work (docs/api.md 20), written before it commits */
  readonly activities: ActivityRecord[] = [];
  /** the contended locks taken so far: see LockRank */
  readonly locks = new LockOrder();
  private readonly written = new WeakSet<DomainEvent>();
  private activitiesWritten = 0;
  /**
   * Set by the unit of work when nothing but the COMMIT follows the work (no idempotency outcome to
   * write): the work's last statement may then carry the COMMIT (`preparedThenCommit`).
   */
  commitMayJoinLastStatement = false;
  /** True once a statement has committed the transaction with it; nothing may run after. */
  committed = false;
  /**
   * The unit of work's BEGIN, when it is still to be sent with the first statement (DeferredBegin):
   * found through the runner, so that any Tx made on a unit of work's manager sends it first.
   */
  private readonly begin: DeferredBegin | undefined;

  constructor(readonly manager: EntityManager) {
    this.begin = DeferredBegin.of(manager.queryRunner);
  }

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
    this.assertOpen();
    const runner = this.manager.queryRunner;
    if (!runner) throw new Error('Tx needs the EntityManager of a QueryRunner (see UnitOfWork)');
    const result = await runner.query(sql, params, true);
    return (result.records ?? []) as T[];
  }

  /**
   * Like query, as a named prepared statement of the connection: parsed once per connection and,
   * after a few runs, planned once (PostgreSQL's plan cache). For the fixed statements of hot paths,
   * where planning a large statement costs as much as running it; dynamic SQL should use query.
   * `probes`: on its generic plan made of key probes (see runOnGenericPlan), whatever the plan cache
   * would choose.
   */
  async prepared<T = Record<string, unknown>>(sql: string, params: readonly unknown[] = [], plan: PlanMode = 'cached', lead?: LeadStatement): Promise<T[]> {
    this.assertOpen();
    const around = aroundFor(plan, lead);
    if (plan === 'probes') return this.inOneMessage<T>(`g_${statementName(sql)}`, sql, params, around);
    return this.withBegin<T>(`b_${statementName(sql)}`, sql, params) ?? runPrepared<T>(this.manager, statementName(sql), sql, params);
  }

  /**
   * Like prepared, for the last statement of the transaction: when the unit of work allows it, the
   * statement and the COMMIT go to the server in ONE message (`EXECUTE ...; COMMIT`), so the row
   * locks the statement takes (a document counter) are released by the server right after it runs,
   * without waiting for a round trip through this process's event loop. Otherwise a plain prepared
   * statement, and the unit of work commits as usual.
   */
  async preparedThenCommit<T = Record<string, unknown>>(
    sql: string,
    params: readonly unknown[] = [],
    plan: PlanMode = 'cached',
    lead?: LeadStatement,
  ): Promise<T[]> {
    if (!this.commitMayJoinLastStatement) return this.prepared<T>(sql, params, plan, lead);
    return this.executeThenCommit<T>(sql, params, plan, lead);
  }

  /**
   * A registered statement as the transaction's last, sent with the COMMIT in one message (see
   * preparedThenCommit); for the unit of work's own final writes (outbox rows, an idempotency outcome).
   */
  async runThenCommit<P extends readonly unknown[], R>(statement: Statement<P, R>, params: P): Promise<R[]> {
    return this.executeThenCommit<R>(statement.text, params);
  }

  private async executeThenCommit<T>(sql: string, params: readonly unknown[], plan: PlanMode = 'cached', lead?: LeadStatement): Promise<T[]> {
    this.assertOpen();
    // the COMMIT ends the planner settings with the transaction: nothing to restore
    const around = { ...aroundFor(plan, lead), after: 'COMMIT' };
    const rows = await this.inOneMessage<T>(`${plan === 'probes' ? 'g' : 'c'}_${statementName(sql)}`, sql, params, around);
    this.committed = true;
    return rows;
  }

  /**
   * A registered statement on its generic plan, made once per connection, whatever PostgreSQL's plan
   * cache would choose: for a statement it would re-plan on every run (its generic plan looking a
   * little dearer) although the generic plan is as good at any size. The statement must say so in
   * its text (see stock-sale.sql.ts, orders-read.sql.ts). The plan is serial: a generic plan cannot
   * know a LIMIT parameter, costs a page as a tenth of the table and would start parallel workers for
   * twenty rows. One message, `SET LOCAL ...; EXECUTE ...; SET LOCAL ... TO DEFAULT`, so nothing else
   * in the transaction is affected; outside a transaction the message is its own (implicit) one.
   * The plan is made of index probes (ON_GENERIC_PROBE_PLAN), since it is kept while the tables grow.
   */
  async runOnGenericPlan<P extends readonly unknown[], R>(statement: Statement<P, R>, params: P): Promise<R[]> {
    return this.prepared<R>(statement.text, params, 'probes');
  }

  /**
   * Like runOnGenericPlan, for a page read in index order: its plan is made with sequential scans,
   * bitmap scans and full sorts ruled out. The generic plan is made once per connection and kept while
   * the tables grow; made while the business had a thousand sales (or the tables no statistics), it
   * fetched all of them and sorted them for twenty (21 ms at 60,000 sales). An index walk costs the
   * same at any size.
   */
  async runPageOnGenericPlan<P extends readonly unknown[], R>(statement: Statement<P, R>, params: P): Promise<R[]> {
    this.assertOpen();
    return this.inOneMessage<R>(`w_${statementName(statement.text)}`, statement.text, params, ON_GENERIC_INDEX_WALK);
  }

  /** executeInOneMessage, with the BEGIN in front when this is the transaction's first statement. */
  private inOneMessage<T>(name: string, sql: string, params: readonly unknown[], around: Around): Promise<T[]> {
    return this.withBegin<T>(name, sql, params, around) ?? executeInOneMessage<T>(this.manager, name, sql, params, around);
  }

  /**
   * The transaction's first statement with `BEGIN;` in front, in one message; undefined once the BEGIN
   * has gone, or for a binary parameter (no literal holds one: the runner then sends the BEGIN alone).
   */
  private withBegin<T>(name: string, sql: string, params: readonly unknown[], around: Around = {}): Promise<T[]> | undefined {
    if (params.some((value) => Buffer.isBuffer(value))) return undefined;
    return this.begin?.carry(() => executeInOneMessage<T>(this.manager, name, sql, params, { ...around, before: ['BEGIN', ...(around.before ?? [])] }));
  }

  /**
   * A registered statement (persistence/*.sql.ts), prepared on the connection under its name; one
   * `plannedPerRun` on a plan made for its values each time.
   */
  async run<P extends readonly unknown[], R>(statement: Statement<P, R>, params: P): Promise<R[]> {
    this.assertOpen();
    if (statement.plannedPerRun) return runUnprepared<R>(this.manager, statement.text, params);
    return (
      this.withBegin<R>(`b_${statementName(statement.text)}`, statement.text, params) ?? runPrepared<R>(this.manager, statement.name, statement.text, params)
    );
  }

  async one<T = Record<string, unknown>>(sql: string, params: unknown[] = []): Promise<T | undefined> {
    const rows = await this.query<T>(sql, params);
    return rows[0];
  }

  private assertOpen(): void {
    if (this.committed) throw new Error('the transaction has committed with its last statement: nothing may run after it');
  }

  /** The one event API of services: written to the outbox in this transaction, emitted after commit. */
  record(event: DomainEvent): void {
    this.events.push(event);
  }

  /** An entry of the activity log, written in this transaction: a rollback leaves none (docs/api.md 20). */
  recordActivity(entry: ActivityRecord): void {
    // an entry recorded after the COMMIT went with the last statement would be lost: refuse it loudly
    if (this.committed) throw new Error(`activity ${entry.action} recorded after the transaction committed`);
    this.activities.push(entry);
  }

  /**
   * The recorded activity entries not written yet, from now on counted as written: for the writer
   * about to write them (a combined statement, or the unit of work at commit).
   */
  takeActivitiesToWrite(): ActivityRecord[] {
    const records = this.activities.slice(this.activitiesWritten);
    this.activitiesWritten = this.activities.length;
    return records;
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

/** How a prepared statement is planned: by PostgreSQL's plan cache, or on its generic plan made of key probes. */
export type PlanMode = 'cached' | 'probes';

/** Prepared on the connection under `name` (node-pg's named statements). */
function runPrepared<T>(manager: EntityManager, name: string, text: string, params: readonly unknown[]): Promise<T[]> {
  // pg takes a query config ({name, text}) where TypeORM passes the SQL text through
  return runOnRunner<T>(manager, { name, text } as unknown as string, params);
}

/**
 * Parsed and planned for its values on every run: an unnamed statement. (A prepared one under
 * force_custom_plan would not do: PostgreSQL keeps the generic plan of a statement without parameters.)
 * The pending BEGIN, if any, goes just before it (DeferredBegin).
 */
function runUnprepared<T>(manager: EntityManager, text: string, params: readonly unknown[]): Promise<T[]> {
  return runOnRunner<T>(manager, text, params);
}

async function runOnRunner<T>(manager: EntityManager, query: string, params: readonly unknown[]): Promise<T[]> {
  const runner = manager.queryRunner;
  if (!runner) throw new Error('Tx needs the EntityManager of a QueryRunner (see UnitOfWork)');
  const result = await runner.query(query, [...params], true);
  return (result.records ?? []) as T[];
}

/** Names PREPAREd in SQL per connection (executeInOneMessage); node-pg's own named statements are apart. */
const sqlPrepared = new WeakMap<object, Set<string>>();

/**
 * A registered statement run just before another, in the same message and transaction: see
 * CombinedStatement.lockFirst.
 */
export interface LeadStatement {
  text: string;
  params: readonly unknown[];
}

/** Commands sent in the same message before a statement's EXECUTE (then the lead's EXECUTE), and after it. */
interface Around {
  before?: string[];
  lead?: LeadStatement;
  after?: string;
}

const ON_GENERIC_SERIAL_PLAN: Around = {
  before: ['SET LOCAL plan_cache_mode TO force_generic_plan', 'SET LOCAL max_parallel_workers_per_gather TO 0'],
  after: 'SET LOCAL plan_cache_mode TO DEFAULT; SET LOCAL max_parallel_workers_per_gather TO DEFAULT',
};

/** The commands around a statement planned by `plan`; a lead statement travels only with the probe plan. */
function aroundFor(plan: PlanMode, lead: LeadStatement | undefined): Around {
  if (plan === 'probes') return { ...ON_GENERIC_PROBE_PLAN, lead };
  if (lead) throw new Error('a lead statement travels in the message of a statement on its probe plan');
  return {};
}

/** A serial generic plan made with the planner's `features` off; each is restored after the statement. */
function genericPlanWithout(features: string[]): Around {
  return {
    before: [...ON_GENERIC_SERIAL_PLAN.before!, ...features.map((feature) => `SET LOCAL ${feature} TO off`)],
    after: [ON_GENERIC_SERIAL_PLAN.after, ...features.map((feature) => `SET LOCAL ${feature} TO DEFAULT`)].join('; '),
  };
}

/**
 * What the generic plan of a statement of a few rows by key (runOnGenericPlan: the stock taken by a
 * sale or a transfer) may not use: it is made once per connection and kept while the catalog grows.
 * Made on a thousand products, it scanned them and the warehouse's levels (the cheaper plan at that
 * size) and kept doing so at 50,000: 463 -> 82 orders/s until the server restarted. Nested loops of
 * index probes (and TID probes of the rows just locked) cost the same at any size. JIT off as below.
 */
const ON_GENERIC_PROBE_PLAN = genericPlanWithout(['enable_seqscan', 'enable_bitmapscan', 'enable_hashjoin', 'enable_mergejoin', 'jit']);

/**
 * What a page read's generic plan may not use (runPageOnGenericPlan). With full sorts ruled out, the
 * sort of the page's own rows that no plan can avoid is costed as "disabled", far above the JIT
 * threshold, so JIT is off too: compiling a plan for twenty rows would cost more than running it.
 */
const ON_GENERIC_INDEX_WALK = genericPlanWithout(['enable_seqscan', 'enable_bitmapscan', 'enable_sort', 'jit']);

/**
 * On Citus a statement is planned with its parameters' values: Citus routes a statement of CTEs to the
 * one shard of its business only when it sees `business_id = <value>`, and refuses a generic plan of
 * one ("could not create distributed plan"). The planner settings stay: they shape the plan on the coordinator.
 */
function forCitus(command: string): string {
  return command === 'SET LOCAL plan_cache_mode TO force_generic_plan' ? 'SET LOCAL plan_cache_mode TO force_custom_plan' : command;
}

/** `[before; ...] [EXECUTE lead(literals);] EXECUTE name(literals)[; after]` as one simple-query message: the statement's rows. */
async function executeInOneMessage<T>(manager: EntityManager, name: string, text: string, params: readonly unknown[], around: Around): Promise<T[]> {
  const runner = manager.queryRunner;
  if (!runner) throw new Error('Tx needs the EntityManager of a QueryRunner (see UnitOfWork)');
  const client = (await runner.connect()) as PgClient;
  let prepared = sqlPrepared.get(client);
  if (!prepared) sqlPrepared.set(client, (prepared = new Set()));
  const lead = around.lead && { name: `g_${statementName(around.lead.text)}`, ...around.lead };
  for (const statement of [...(lead ? [lead] : []), { name, text }]) {
    if (prepared.has(statement.name)) continue;
    // its own round trip, once per connection, before the statement takes any lock
    await client.query(`PREPARE ${statement.name} AS ${statement.text}`);
    prepared.add(statement.name);
  }
  const before = [...(around.before ?? []).map(onCitus() ? forCitus : (c: string) => c), ...(lead ? [executeSql(lead.name, lead.params)] : [])];
  const message = [...before, executeSql(name, params), around.after].filter(Boolean).join('; ');
  const results = (await client.query(message)) as unknown as QueryResult | QueryResult[];
  // node-pg gives an array of results for several commands, the one result for one
  return (Array.isArray(results) ? results[before.length] : results).rows as T[];
}

function executeSql(name: string, params: readonly unknown[]): string {
  return params.length === 0 ? `EXECUTE ${name}` : `EXECUTE ${name}(${params.map(sqlLiteral).join(', ')})`;
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
