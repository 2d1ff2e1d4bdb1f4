import { DataSource } from 'typeorm';
import { Statement } from './statement';
import { Tx } from './transaction';

/**
 * Runs a registered statement outside a unit of work (reads), on one pooled connection, prepared
 * under its name like Tx.run. Inside a unit of work, use `tx.run`.
 */
export async function runStatement<P extends readonly unknown[], R>(db: DataSource | Tx, statement: Statement<P, R>, params: P): Promise<R[]> {
  return onOneConnection(db, (tx) => tx.run(statement, params));
}

/**
 * Like runStatement, for a page read whose LIMIT and OFFSET parameters keep PostgreSQL re-planning it
 * on every run: on its generic plan, made as an index walk (Tx.runPageOnGenericPlan).
 */
export async function runPageOnGenericPlan<P extends readonly unknown[], R>(db: DataSource | Tx, statement: Statement<P, R>, params: P): Promise<R[]> {
  return onOneConnection(db, (tx) => tx.runPageOnGenericPlan(statement, params));
}

/** `work` on one pooled connection outside a unit of work (reads only), or in the given transaction. */
export async function onOneConnection<R>(db: DataSource | Tx, work: (tx: Tx) => Promise<R>): Promise<R> {
  if (db instanceof Tx) return work(db);
  const runner = db.createQueryRunner();
  try {
    return await work(new Tx(runner.manager));
  } finally {
    await runner.release();
  }
}
