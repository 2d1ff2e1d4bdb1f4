import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { BusinessContext } from '../../common/auth/business-context';
import { DomainError } from '../../common/errors/domain-error';
import { Paged, pageRequest } from '../../common/pagination/pagination';
import { DEFAULT_SUMMARY_DAYS, FinanceSummaryQuery } from './dto/finance-summary.query';
import { ListFinanceTransactionsQuery } from './dto/list-finance-transactions.query';
import { CategoryTotal, FinanceSummaryJson, summarizeFinance } from './finance-summary';
import { FinanceType } from './finance-types';
import { FINANCE_COLUMNS } from './finance.service';
import { FinanceTransactionJson, FinanceTransactionRow, toFinanceTransactionJson } from './finance.mapper';

/** GET /finance/transactions and /finance/summary: reads of the ledger by booking date (no transaction). */
@Injectable()
export class FinanceReader {
  constructor(private readonly dataSource: DataSource) {}

  /** Newest booking date first; `from`/`to` are inclusive booking dates. */
  async list(biz: BusinessContext, query: ListFinanceTransactionsQuery): Promise<Paged<FinanceTransactionJson>> {
    if (query.from && query.to && query.from > query.to) throw DomainError.validation('from', 'from must not be after to');
    const page = pageRequest(query);
    const params: unknown[] = [biz.id];
    const where = ['business_id = $1'];
    const add = (condition: (p: string) => string, value: unknown) => {
      params.push(value);
      where.push(condition(`$${params.length}`));
    };
    if (query.type) add((p) => `type = ${p}`, query.type);
    if (query.category) add((p) => `category = ${p}`, query.category);
    if (query.from) add((p) => `occurred_on >= ${p}::date`, query.from);
    if (query.to) add((p) => `occurred_on <= ${p}::date`, query.to);
    const conditions = where.join(' AND ');
    const [rows, [count]] = await Promise.all([
      this.dataSource.query(
        `SELECT ${FINANCE_COLUMNS} FROM finance_transactions WHERE ${conditions}
          ORDER BY occurred_on DESC, created_at DESC, id DESC LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
        [...params, page.limit, page.offset],
      ) as Promise<FinanceTransactionRow[]>,
      this.dataSource.query(`SELECT count(*)::int AS n FROM finance_transactions WHERE ${conditions}`, params) as Promise<{ n: number }[]>,
    ]);
    return new Paged(
      rows.map((row) => toFinanceTransactionJson(row, biz.currency)),
      count.n,
      page,
    );
  }

  /**
   * Income, expenses, refunds and net over the last `days` booking dates including today (business
   * time zone), summed per (type, category) in the database: one range of the booking-date index.
   */
  async summary(biz: BusinessContext, query: FinanceSummaryQuery): Promise<FinanceSummaryJson> {
    const days = query.days ?? DEFAULT_SUMMARY_DAYS;
    const rows: { from: string; to: string; type: FinanceType | null; category: string | null; amount: string | null; count: number }[] =
      await this.dataSource.query(
        `WITH w AS (SELECT (now() AT TIME ZONE $2::text)::date AS today)
         SELECT (w.today - ($3::int - 1))::text AS from, w.today::text AS to, g.type, g.category, g.amount, g.count
           FROM w LEFT JOIN LATERAL (
             SELECT f.type, f.category, sum(f.amount) AS amount, count(*)::int AS count
               FROM finance_transactions f
              WHERE f.business_id = $1 AND f.occurred_on BETWEEN w.today - ($3::int - 1) AND w.today
              GROUP BY f.type, f.category
           ) g ON true`,
        [biz.id, biz.timezone, days],
      );
    const groups: CategoryTotal[] = rows
      .filter((r) => r.type !== null)
      .map((r) => ({ type: r.type!, category: r.category!, amount: r.amount!, count: r.count }));
    return summarizeFinance({ days, from: rows[0].from, to: rows[0].to, currency: biz.currency }, groups);
  }
}
