import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { BusinessContext } from '../../common/auth/business-context';
import { ListFilter, queryPage } from '../../common/pagination/list-query';
import { Paged, pageRequest } from '../../common/pagination/pagination';
import { localDateSql } from '../../common/time/zone-sql';
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
    const where = new ListFilter('business_id', biz.id)
      .equals('type', query.type)
      .equals('category', query.category)
      .withinDates('occurred_on', query);
    const page = await queryPage<FinanceTransactionRow>(
      this.dataSource,
      { columns: FINANCE_COLUMNS, from: 'finance_transactions', where, orderBy: 'occurred_on DESC, created_at DESC, id DESC' },
      pageRequest(query),
    );
    return page.map((row) => toFinanceTransactionJson(row, biz.currency));
  }

  /**
   * Income, expenses, refunds and net over the last `days` booking dates including today (business
   * time zone), summed per (type, category) in the database: one range of the booking-date index.
   */
  async summary(biz: BusinessContext, query: FinanceSummaryQuery): Promise<FinanceSummaryJson> {
    const days = query.days ?? DEFAULT_SUMMARY_DAYS;
    const rows: { from: string; to: string; type: FinanceType | null; category: string | null; amount: string | null; count: number }[] =
      await this.dataSource.query(
        `WITH w AS (SELECT ${localDateSql('now()', '$2::text')} AS today)
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
