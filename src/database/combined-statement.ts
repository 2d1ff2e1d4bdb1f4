import { ActivityRecord } from '../common/activity/activity-record';
import { DomainEvent } from '../common/events/domain-event';
import { ActivityStamp, composeActivityPart } from './activity-writer';
import { LockOrderViolation, LockRank } from './lock-order';
import { composeEventParts, EventStamp } from './outbox-writer';
import { Statement } from './statement';
import { LeadStatement, Tx } from './transaction';

const PART_NAME = /^[a-z][a-zA-Z]*\.[a-z][a-zA-Z0-9]*$/;

/**
 * A part (CTE) of a combined statement, named `<module>.<part>`. Later parts and the final SELECT
 * read it through `from`, the quoted identifier, without an alias: `column()` qualifies by it.
 */
export class StatementPart {
  constructor(readonly name: string) {}

  /** `"customers.totals"`: what a FROM names to read the part. */
  get from(): string {
    return `"${this.name}"`;
  }

  /** A column of the part, for a query that reads it (`FROM ${part.from}`). */
  column(name: string): string {
    return `${this.from}.${name}`;
  }

  /** `expression` over the part's first row as a scalar subquery (null when the part is empty). */
  scalar(expression: string): string {
    return `(SELECT ${expression} FROM ${this.from})`;
  }

  /** An SQL condition, true once the part has run and given a row. */
  get exists(): string {
    return `EXISTS (SELECT 1 FROM ${this.from})`;
  }
}

export interface PartOptions {
  /** The contended lock the part takes (see LockRank): checked against the parts added before it. */
  lock?: LockRank;
}

/** The final SELECT: output column -> SQL expression, over `from` when given. */
export interface Selection<R> {
  columns: { [K in keyof R & string]: string };
  from?: StatementPart;
}

interface Part {
  part: StatementPart;
  sql: string;
  lock?: LockRank;
}

interface ConditionalEvent {
  event: DomainEvent;
  written: StatementPart;
}

/**
 * ONE statement of several parts in one round trip: each part is a CTE, data-modifying or not, with
 * its own parameters; collaborators (an order's effects) each add theirs, and no one pays a round
 * trip per table. PostgreSQL runs every data-modifying part exactly once, all over the snapshot
 * taken at the statement's start (not each other's writes), in the order data dependencies impose:
 * a part runs when a part or the final SELECT reading it asks for its rows, and unread parts run
 * after the SELECT in no order to rely on. Hence the lock rule, enforced when a part is added:
 *
 * - a part that takes a contended lock declares its LockRank; a rank below one already added is
 *   refused (the order is LockRank's, the one of the whole service);
 * - a ranked part must read the part holding the previous rank (`afterLastLock()` gives the
 *   condition), so PostgreSQL cannot run it first.
 *
 * Running it also takes each rank on the transaction (`tx.locks`), in order, so the statement's
 * locks are checked against what the transaction's earlier statements took. The events recorded on
 * the transaction and not yet written are written by the statement (see outbox-writer.ts), and so are
 * its activity entries (activity-writer.ts).
 */
export class CombinedStatement {
  private readonly values: unknown[] = [];
  private readonly parts: Part[] = [];
  private readonly names = new Set<string>();
  private readonly stamps: EventStamp[] = [];
  private readonly conditionalEvents: ConditionalEvent[] = [];
  private readonly activityStamps: ActivityStamp[] = [];
  private module: string | undefined;
  private lockHolder: { part: StatementPart; rank: LockRank } | undefined;
  private lead: LeadStatement | undefined;

  /** The placeholder (`$3`, or `$3::uuid` with a cast) of a new parameter. */
  param(value: unknown, cast?: string): string {
    this.values.push(value);
    return cast ? `$${this.values.length}::${cast}` : `$${this.values.length}`;
  }

  /** Adds part `name` (`<module>.<part>`); refused when the name is taken or breaks the lock order. */
  add(name: string, sql: string, options: PartOptions = {}): StatementPart {
    this.checkName(name);
    const part = new StatementPart(name);
    if (options.lock !== undefined) this.checkLock(part, sql, options.lock);
    this.names.add(name);
    this.parts.push({ part, sql, lock: options.lock });
    return part;
  }

  /**
   * Runs `build` with part names restricted to `module.*`: what a collaborator adds is namespaced
   * by its module, so two collaborators cannot take each other's names.
   */
  within<T>(module: string, build: () => T): T {
    const outer = this.module;
    this.module = module;
    try {
      return build();
    } finally {
      this.module = outer;
    }
  }

  /**
   * Runs `statement` (a lock of a row the statement's first ranked part then takes again) just before
   * the statement, in its message. Whoever waits for a row lock inside a statement re-checks the row
   * once it is free (EvalPlanQual), and that first prepares every part's plan again: for the numbered
   * statement, queued on its counter with one busy business, 4.6% of PostgreSQL's CPU in the orders
   * bench, inside the counter's hold. Waiting in a statement of one row costs what that row costs.
   */
  lockFirst<P extends readonly unknown[]>(statement: Statement<P, unknown>, params: P): void {
    this.lead = { text: statement.text, params };
  }

  has(name: string): boolean {
    return this.names.has(name);
  }

  /** The part holding the highest lock rank so far: the next ranked part must read it. */
  get lastLock(): StatementPart | undefined {
    return this.lockHolder?.part;
  }

  /** The condition a ranked part adds to its query to run after the last lock (`true` when none). */
  afterLastLock(): string {
    return this.lockHolder ? this.lockHolder.part.exists : 'true';
  }

  /**
   * `event`'s outbox row is written when `written` gives a row (a customer the statement created),
   * and the event is then recorded on the transaction; not at all otherwise.
   */
  writeEventIf(event: DomainEvent, written: StatementPart): void {
    this.conditionalEvents.push({ event, written });
  }

  /**
   * `event` (recorded on the transaction, written by this statement) gets `field` = the value of
   * `scalar`, an SQL scalar expression: in its outbox row, and in the event once the statement ran.
   */
  stamp(event: DomainEvent, field: string, scalar: string): void {
    this.stamps.push({ event, field, scalar });
  }

  /**
   * `record` (recorded on the transaction, written by this statement) gets the value of `scalar`, an
   * SQL scalar expression, as its resource's label (the sale number the statement takes).
   */
  stampActivityLabel(record: ActivityRecord, scalar: string): void {
    this.activityStamps.push({ record, scalar });
  }

  /** The statement's text and parameters, writing `events` and `activities` (for tests and logs; `run` uses it). */
  compose<R>(select: Selection<R>, events: DomainEvent[] = [], activities: ActivityRecord[] = []): { text: string; values: unknown[] } {
    const values = [...this.values];
    const param = (value: unknown, cast: string) => {
      values.push(value);
      return `$${values.length}::${cast}`;
    };
    const eventParts = [
      ...composeEventParts(param, events, this.stamps, this.conditionalEvents),
      ...composeActivityPart(param, activities, this.activityStamps),
    ];
    const ctes = [...this.parts.map((p) => `${p.part.from} AS (${p.sql})`), ...eventParts.map((p) => `"${p.name}" AS (${p.sql})`)];
    const columns = { ...select.columns, ...this.hiddenColumns() } as Record<string, string>;
    const list = Object.entries(columns).map(([name, expression]) => `${expression} AS "${name}"`);
    const final = `SELECT ${list.join(', ')}${select.from ? ` FROM ${select.from.from}` : ''}`;
    return { text: ctes.length === 0 ? final : `WITH ${ctes.join(',\n')}\n${final}`, values };
  }

  /**
   * Runs the statement in the transaction, prepared (its text depends only on which parts were
   * added, so a hot path has a handful of texts), writing the transaction's unwritten events.
   * Returns the SELECT's first row. `last`: nothing follows it in the transaction, which may then
   * commit with it (Tx.preparedThenCommit).
   *
   * On its generic plan made of key probes (PlanMode `probes`), made once per connection: every part
   * reaches its rows by key. Left to the plan cache, the order's first statement was planned on every
   * order (14% of PostgreSQL's CPU per order), and the numbered statement kept a plan made on a
   * one-page business_counters, a scan of every counter of every business on each order.
   */
  async run<R>(tx: Tx, select: Selection<R>, options: { last?: boolean } = {}): Promise<R | undefined> {
    const events = tx.takeEventsToWrite();
    for (const stamp of this.stamps) {
      if (!events.includes(stamp.event)) throw new Error(`stamped event ${stamp.event.name} is not written by this statement`);
    }
    const activities = tx.takeActivitiesToWrite();
    for (const stamp of this.activityStamps) {
      if (!activities.includes(stamp.record)) throw new Error(`stamped activity ${stamp.record.action} is not written by this statement`);
    }
    const { text, values } = this.compose(select, events, activities);
    for (const part of this.parts) if (part.lock !== undefined) tx.locks.take(part.lock);
    const [row] = options.last
      ? await tx.preparedThenCommit<Record<string, unknown>>(text, values, 'probes', this.lead)
      : await tx.prepared<Record<string, unknown>>(text, values, 'probes', this.lead);
    return row ? (this.settle(tx, row) as R) : undefined;
  }

  private checkName(name: string): void {
    if (!PART_NAME.test(name)) throw new Error(`statement part ${name} is not named <module>.<camelCaseName>`);
    if (this.module && !name.startsWith(`${this.module}.`)) throw new Error(`statement part ${name} is outside module ${this.module}`);
    if (this.names.has(name)) throw new Error(`statement part ${name} is added twice`);
    if (name.startsWith('outbox.')) throw new Error(`statement part ${name}: the outbox module is the statement's own (its events)`);
  }

  private checkLock(part: StatementPart, sql: string, rank: LockRank): void {
    const held = this.lockHolder;
    if (held && rank < held.rank) {
      throw new LockOrderViolation(`lock order: part ${part.name} (${LockRank[rank]}) added after ${held.part.name} (${LockRank[held.rank]})`);
    }
    if (held && !sql.includes(held.part.from)) {
      throw new LockOrderViolation(`lock order: part ${part.name} (${LockRank[rank]}) must read ${held.part.name}, which takes the previous lock`);
    }
    this.lockHolder = { part, rank };
  }

  /**
   * Columns the statement adds to the SELECT for itself: stamped values, conditional events, and each
   * ranked part (a SELECT ... FOR UPDATE part runs only when read: this reads it, so its lock is taken).
   */
  private hiddenColumns(): Record<string, string> {
    const columns: Record<string, string> = {};
    this.parts.forEach((p, i) => {
      if (p.lock !== undefined) columns[`lock ${i}`] = p.part.exists;
    });
    this.stamps.forEach((s, i) => (columns[`stamp ${i}`] = s.scalar));
    this.conditionalEvents.forEach((c, i) => (columns[`event ${i}`] = c.written.exists));
    return columns;
  }

  /** Applies the hidden columns to the events and returns the caller's columns. */
  private settle(tx: Tx, row: Record<string, unknown>): Record<string, unknown> {
    this.parts.forEach((_, i) => delete row[`lock ${i}`]);
    this.stamps.forEach((s, i) => {
      (s.event.data as Record<string, unknown>)[s.field] = row[`stamp ${i}`];
      delete row[`stamp ${i}`];
    });
    this.conditionalEvents.forEach((c, i) => {
      if (row[`event ${i}`] === true) tx.recordWritten(c.event);
      delete row[`event ${i}`];
    });
    return row;
  }
}
