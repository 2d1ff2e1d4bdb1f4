import { DataSource } from 'typeorm';
import { Tx } from '../../../database/transaction';

/**
 * Transaction control cannot be prepared (nor registered as a statement), and the QueryRunner's
 * startTransaction offers no read-only mode, so the snapshot's three commands are written here.
 */
const BEGIN = 'BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY';
const COMMIT = 'COMMIT';
const ROLLBACK = 'ROLLBACK';

/**
 * Runs `work` in ONE read-only REPEATABLE READ transaction: every statement sees the same snapshot,
 * so a server writing meanwhile commits a level and its movement together and the reads see both
 * or neither. Nothing is locked or written.
 */
export async function inReadOnlySnapshot<T>(ds: DataSource, work: (tx: Tx) => Promise<T>): Promise<T> {
  const runner = ds.createQueryRunner();
  await runner.connect();
  try {
    await runner.query(BEGIN);
    const result = await work(new Tx(runner.manager));
    await runner.query(COMMIT);
    return result;
  } catch (err) {
    await runner.query(ROLLBACK).catch(() => undefined);
    throw err;
  } finally {
    await runner.release();
  }
}
