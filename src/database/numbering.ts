import { CombinedStatement, StatementPart } from './combined-statement';
import { LockRank } from './lock-order';
import { counterStepSql, takeNextFormattedNumber, takeNextNumber } from './persistence/counters.sql';
import { Tx } from './transaction';

/** The per-business gapless counters (business_counters rows, made with the business). */
export type CounterName = 'sale' | 'invoice' | 'sku' | 'return' | 'credit_note' | 'purchase_order' | 'receipt' | 'transfer' | 'stock_count';

/** Where each contended counter sits in the lock order; the SKU and purchase order counters are not on a hot path. */
const COUNTER_LOCKS: Record<CounterName, LockRank | undefined> = {
  sale: LockRank.SaleCounter,
  invoice: LockRank.Invoice,
  sku: undefined,
  return: LockRank.ReturnCounter,
  credit_note: LockRank.CreditNoteCounter,
  purchase_order: undefined,
  receipt: LockRank.ReceiptCounter,
  transfer: LockRank.TransferCounter,
  stock_count: LockRank.StockCountCounter,
};

/**
 * The next number of a counter, in a statement of its own. The counter row stays locked until the
 * transaction ends, so callers take it as late as possible; a rollback returns it.
 */
export async function nextNumber(tx: Tx, businessId: string, counter: CounterName): Promise<number> {
  const lock = COUNTER_LOCKS[counter];
  if (lock !== undefined) tx.locks.take(lock);
  const [row] = await tx.run(takeNextNumber, [businessId, counter]);
  if (!row) throw new Error(`counter ${counter} missing for business ${businessId}`);
  return Number(row.value);
}

/** A number taken in a statement of its own: the value, formatted (`R-0001`), and the time it was taken. */
export interface TakenNumber {
  number: string;
  formatted: string;
  at: Date;
}

/** nextNumber, formatted with `prefix` the way numbered statements format theirs. */
export async function takeNumber(tx: Tx, businessId: string, counter: CounterName, prefix: string): Promise<TakenNumber> {
  const lock = COUNTER_LOCKS[counter];
  if (lock !== undefined) tx.locks.take(lock);
  const [row] = await tx.run(takeNextFormattedNumber, [businessId, counter, prefix]);
  if (!row) throw new Error(`counter ${counter} missing for business ${businessId}`);
  return row;
}

/**
 * A number taken by a part of a combined statement, as SQL expressions over that part, valid in a
 * query that reads it (`FROM ${ref.from}`): `number` (bigint), `formatted` (`S-0001`), `at` (the
 * time the counter was taken, the creation time of what it numbers).
 */
export interface NumberRef {
  readonly part: StatementPart;
  readonly from: string;
  readonly number: string;
  readonly formatted: string;
  readonly at: string;
}

/**
 * Adds part `name` taking the next number of `counter` for the business (`businessIdSql`, a
 * parameter of the statement), formatted with `prefix`. The counter is a contended lock: the part
 * takes its rank and runs after the statement's previous lock.
 */
export function addNumber(stmt: CombinedStatement, name: string, businessIdSql: string, counter: CounterName, prefix: string): NumberRef {
  const sql = counterStepSql(businessIdSql, stmt.param(counter, 'text'), stmt.param(prefix, 'text'), stmt.afterLastLock());
  const part = stmt.add(name, sql, { lock: COUNTER_LOCKS[counter] });
  return { part, from: part.from, number: part.column('number'), formatted: part.column('formatted'), at: part.column('at') };
}
