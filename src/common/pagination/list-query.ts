import { SqlRunner } from '../../database/sql-runner';
import { localDayStartSql } from '../time/zone-sql';
import { assertDateRange, DateRange } from './date-range';
import { PageRequest, Paged } from './pagination';

/**
 * The WHERE clause of a list, scoped to one business, built filter by filter with numbered
 * parameters. A filter whose value is absent (undefined, null or '') is left out.
 */
export class ListFilter {
  readonly params: unknown[];
  private readonly conditions: string[];

  /** `column` is the business_id column, e.g. `s.business_id`. */
  constructor(column: string, businessId: string) {
    this.params = [businessId];
    this.conditions = [`${column} = $1`];
  }

  /** The placeholder (`$3`) of a new parameter. */
  param(value: unknown): string {
    this.params.push(value);
    return `$${this.params.length}`;
  }

  /** `condition` built on the placeholder of `value`, when a value is given. */
  where(value: unknown, condition: (placeholder: string) => string): this {
    if (value !== undefined && value !== null && value !== '') this.conditions.push(condition(this.param(value)));
    return this;
  }

  equals(column: string, value: unknown): this {
    return this.where(value, (p) => `${column} = ${p}`);
  }

  /** Rows of a `date` column within the inclusive range (400 when from is after to). */
  withinDates(column: string, range: DateRange): this {
    assertDateRange(range);
    return this.where(range.from, (p) => `${column} >= ${p}::date`).where(range.to, (p) => `${column} <= ${p}::date`);
  }

  /**
   * Rows of a timestamptz column that fall on the inclusive range's dates in the time zone: from
   * local midnight of `from` to local midnight after `to` (400 when from is after to).
   */
  withinLocalDates(column: string, range: DateRange, timezone: string): this {
    assertDateRange(range);
    if (!range.from && !range.to) return this;
    const tz = this.param(timezone);
    return this.where(range.from, (p) => `${column} >= ${localDayStartSql(`${p}::date`, tz)}`).where(
      range.to,
      (p) => `${column} < ${localDayStartSql(`${p}::date + 1`, tz)}`,
    );
  }

  get sql(): string {
    return this.conditions.join(' AND ');
  }
}

export interface PageQuery {
  /** the select list */
  columns: string;
  /** the FROM clause: a table with its alias, or a join */
  from: string;
  where: ListFilter;
  orderBy: string;
}

/** One page of the rows and the filtered total: two statements, run side by side. */
export async function queryPage<T>(db: SqlRunner, query: PageQuery, page: PageRequest): Promise<Paged<T>> {
  const { params, sql: where } = query.where;
  const [rows, [count]] = await Promise.all([
    db.query(
      `SELECT ${query.columns} FROM ${query.from} WHERE ${where}
        ORDER BY ${query.orderBy} LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
      [...params, page.limit, page.offset],
    ) as Promise<T[]>,
    db.query(`SELECT count(*)::int AS n FROM ${query.from} WHERE ${where}`, params) as Promise<{ n: number }[]>,
  ]);
  return new Paged(rows, count.n, page);
}
