import { ObjectLiteral, Repository, SelectQueryBuilder } from 'typeorm';
import { localDayStartSql } from './zone-sql';
import { assertDateRange, DateRange } from '../common/pagination/date-range';
import { PageRequest, Paged } from '../common/pagination/pagination';

/**
 * The read query of a list or a lookup, scoped to one business from its first line, built filter by
 * filter on a TypeORM QueryBuilder. A filter whose value is absent (undefined or null) is left out;
 * an empty text is a value like any other (an empty query parameter is a 400 before it gets here,
 * docs/api.md 1: it never means "no filter"). Columns are named as the query builder names them:
 * `alias.property`.
 */
export class BusinessQuery<E extends ObjectLiteral> {
  private params = 0;

  private constructor(readonly qb: SelectQueryBuilder<E>) {}

  /** `alias.businessId = businessId`: every query of a business table starts here. */
  static of<E extends ObjectLiteral>(repo: Repository<E>, alias: string, businessId: string): BusinessQuery<E> {
    return new BusinessQuery(repo.createQueryBuilder(alias).where(`${alias}.businessId = :businessId`, { businessId }));
  }

  /** `condition` built on the parameter placeholder of `value` (`:p1`), when a value is given. */
  where(value: unknown, condition: (placeholder: string) => string): this {
    if (value === undefined || value === null) return this;
    const name = `p${++this.params}`;
    this.qb.andWhere(condition(`:${name}`), { [name]: value });
    return this;
  }

  equals(column: string, value: unknown): this {
    return this.where(value, (p) => `${column} = ${p}`);
  }

  /** Rows of a `date` column within the inclusive range (400 when from is after to). */
  withinDates(column: string, range: DateRange): this {
    assertDateRange(range);
    return this.where(range.from, (p) => `${column} >= CAST(${p} AS date)`).where(range.to, (p) => `${column} <= CAST(${p} AS date)`);
  }

  /**
   * Rows of a timestamptz column that fall on the inclusive range's dates in the time zone: from
   * local midnight of `from` to local midnight after `to` (400 when from is after to).
   */
  withinLocalDates(column: string, range: DateRange, timezone: string): this {
    assertDateRange(range);
    if (!range.from && !range.to) return this;
    const tzName = `p${++this.params}`;
    this.qb.setParameter(tzName, timezone);
    const tz = `CAST(:${tzName} AS text)`;
    return this.where(range.from, (p) => `${column} >= ${localDayStartSql(`CAST(${p} AS date)`, tz)}`).where(
      range.to,
      (p) => `${column} < ${localDayStartSql(`CAST(${p} AS date) + 1`, tz)}`,
    );
  }

  /**
   * Keyset paging on an order of `columns` (SQL column names, the last one unique, the order all
   * DESC): the rows after row `afterId` of the same `table`, whose values are read from that row (a
   * key that never changes, as a ledger's). The bound on the first column alone is what an index
   * can seek to. No condition when `afterId` is null (the first page).
   */
  afterRowDesc(afterId: string | null, table: string, columns: string[]): this {
    if (afterId === null) return this;
    const alias = this.qb.alias;
    const name = `p${++this.params}`;
    const of = (selected: string) => `(SELECT ${selected} FROM ${table} k WHERE k.business_id = :businessId AND k.id = CAST(:${name} AS uuid))`;
    this.qb.andWhere(`${alias}.${columns[0]} <= ${of(`k.${columns[0]}`)}`, { [name]: afterId });
    this.qb.andWhere(`(${columns.map((c) => `${alias}.${c}`).join(', ')}) < ${of(columns.map((c) => `k.${c}`).join(', '))}`);
    return this;
  }

  orderBy(sort: Record<string, 'ASC' | 'DESC'>): this {
    this.qb.orderBy(sort);
    return this;
  }

  /** One page of the entities and the filtered total: two statements, run side by side. */
  async page(page: PageRequest): Promise<Paged<E>> {
    const [items, total] = await Promise.all([this.qb.clone().offset(page.offset).limit(page.limit).getMany(), this.qb.clone().orderBy().getCount()]);
    return new Paged(items, total, page);
  }

  /** The first `limit` rows in the query's order (a keyset page: the cursor is a condition of the query). */
  first(limit: number): Promise<E[]> {
    return this.qb.clone().limit(limit).getMany();
  }

  one(): Promise<E | null> {
    return this.qb.getOne();
  }
}
