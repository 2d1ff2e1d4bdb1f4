import { QueryRunner } from 'typeorm';

const pendingOn = new WeakMap<QueryRunner, DeferredBegin>();

/**
 * A unit of work's BEGIN, sent with its first statement instead of in a round trip of its own, as
 * the COMMIT travels with the last (Tx.preparedThenCommit). The query runner is told its transaction
 * has started, as its own startTransaction would leave it; a registered statement of the Tx puts the
 * BEGIN in front of itself in one message (Tx.run, Tx.prepared), and anything else that reaches the
 * runner first (a repository, a query builder, Tx.query) has the BEGIN sent just before it. A unit of
 * work that sends nothing sends no BEGIN, and neither COMMIT nor ROLLBACK.
 */
export class DeferredBegin {
  /** The BEGIN pending on a runner, for every Tx made on its manager (`new Tx(manager)` in a reader as well). */
  static of(runner: QueryRunner | undefined): DeferredBegin | undefined {
    return runner && pendingOn.get(runner);
  }

  private pending = true;
  /** The message that carried the BEGIN, settled; what reaches the runner meanwhile waits for it. */
  private first: Promise<unknown> = Promise.resolve();

  constructor(runner: QueryRunner) {
    pendingOn.set(runner, this);
    Object.assign(runner, { isTransactionActive: true, transactionDepth: 1 });
    const query = runner.query.bind(runner) as (...args: Parameters<QueryRunner['query']>) => Promise<unknown>;
    runner.query = (async (...args: Parameters<QueryRunner['query']>): Promise<unknown> => {
      await (this.carry(() => query('BEGIN')) ?? this.first);
      return query(...args);
    }) as QueryRunner['query'];
  }

  /**
   * `send` when the BEGIN is still to go: it sends the transaction's first message, which must start
   * with BEGIN. undefined once the BEGIN has gone (the caller sends its statement alone).
   */
  carry<T>(send: () => Promise<T>): Promise<T> | undefined {
    if (!this.pending) return undefined;
    this.pending = false;
    const first = send();
    this.first = first.catch(() => undefined);
    return first;
  }

  /** Whether the BEGIN has gone to the server (so there is a transaction to commit or roll back). */
  get sent(): boolean {
    return !this.pending;
  }
}
