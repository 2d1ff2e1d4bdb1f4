import { Tx } from './transaction';

/**
 * Several statements sent as ONE round trip: each part is a CTE (`name AS (...)`), data-modifying or
 * not, with its own parameters, and later parts and the final SELECT read earlier parts by name.
 * Collaborating services each add their part, so a hot path (an order) stays modular without paying
 * a round trip per table. PostgreSQL runs every data-modifying part exactly once, read or not; all
 * parts see the snapshot taken at the start of the statement (not each other's writes).
 */
export class SqlBatch {
  private readonly values: unknown[] = [];
  private readonly parts: string[] = [];
  private readonly names = new Set<string>();

  /** The placeholder (`$3`, or `$3::uuid` with a cast) of a new parameter. */
  param(value: unknown, cast?: string): string {
    this.values.push(value);
    return cast ? `$${this.values.length}::${cast}` : `$${this.values.length}`;
  }

  add(name: string, sql: string): this {
    if (this.names.has(name)) throw new Error(`SqlBatch: a part named ${name} exists already`);
    this.names.add(name);
    this.parts.push(`${name} AS (${sql})`);
    return this;
  }

  has(name: string): boolean {
    return this.names.has(name);
  }

  get isEmpty(): boolean {
    return this.parts.length === 0;
  }

  /** The whole statement (for tests and logs). */
  sql(select = 'SELECT 1'): string {
    return this.parts.length === 0 ? select : `WITH ${this.parts.join(',\n')}\n${select}`;
  }

  /**
   * Runs every part and `select` as one statement inside the transaction, prepared (a batch's text
   * depends only on which parts were added, so a hot path has a handful of texts).
   */
  run<T = Record<string, unknown>>(tx: Tx, select = 'SELECT 1'): Promise<T[]> {
    return tx.prepared<T>(this.sql(select), this.values);
  }
}
