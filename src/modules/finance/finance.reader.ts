import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { BusinessContext } from '../../common/auth/business-context';
import { BusinessQuery } from '../../database/business-query';
import { Paged, pageRequest } from '../../common/pagination/pagination';
import { addDays, localDate } from '../../common/time/local-date';
import { DEFAULT_SUMMARY_DAYS, FinanceSummaryQuery } from './dto/finance-summary.query';
import { ListFinanceTransactionsQuery } from './dto/list-finance-transactions.query';
import { FinanceTransaction } from './entities/finance-transaction.entity';
import { CategoryTotal, FinanceSummaryJson, summarizeFinance } from './finance-summary';
import { FinanceTransactionJson, toFinanceTransactionJson } from './finance.mapper';

/** GET /finance/transactions and /finance/summary: reads of the ledger by booking date (no transaction). */
@Injectable()
export class FinanceReader {
  constructor(@InjectRepository(FinanceTransaction) private readonly transactions: Repository<FinanceTransaction>) {}

  /** Newest booking date first; `from`/`to` are inclusive booking dates. */
  async list(biz: BusinessContext, query: ListFinanceTransactionsQuery): Promise<Paged<FinanceTransactionJson>> {
    const page = await BusinessQuery.of(this.transactions, 'f', biz.id)
      .equals('f.type', query.type)
      .equals('f.category', query.category)
      .withinDates('f.occurredOn', query)
      .orderBy({ 'f.occurredOn': 'DESC', 'f.createdAt': 'DESC', 'f.id': 'DESC' })
      .page(pageRequest(query));
    return page.map((transaction) => toFinanceTransactionJson(transaction, biz.currency));
  }

  /**
   * Income, expenses, refunds and net over the last `days` booking dates including today (business
   * time zone), summed per (type, category) in the database: one range of the booking-date index.
   */
  async summary(biz: BusinessContext, query: FinanceSummaryQuery): Promise<FinanceSummaryJson> {
    const days = query.days ?? DEFAULT_SUMMARY_DAYS;
    const to = localDate(new Date(), biz.timezone);
    const from = addDays(to, -(days - 1));
    return summarizeFinance({ days, from, to, currency: biz.currency }, await this.totalsByCategory(biz.id, from, to));
  }

  /** The sum (exact, numeric as text) and count of each (type, category) booked within the dates. */
  private totalsByCategory(businessId: string, from: string, to: string): Promise<CategoryTotal[]> {
    return BusinessQuery.of(this.transactions, 'f', businessId)
      .withinDates('f.occurredOn', { from, to })
      .qb.select('f.type', 'type')
      .addSelect('f.category', 'category')
      .addSelect('sum(f.amount)', 'amount')
      .addSelect('CAST(count(*) AS int)', 'count')
      .groupBy('f.type')
      .addGroupBy('f.category')
      .getRawMany<CategoryTotal>();
  }
}
