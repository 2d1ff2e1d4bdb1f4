import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { BusinessContext } from '../../common/auth/business-context';
import { BusinessQuery } from '../../database/business-query';
import { Paged, pageRequest } from '../../common/pagination/pagination';
import { addDays, localDate } from '../../common/time/local-date';
import { DEFAULT_SUMMARY_DAYS, FinanceSummaryQuery } from './dto/finance-summary.query';
import { ExportFinanceTransactionsQuery, ListFinanceTransactionsQuery } from './dto/list-finance-transactions.query';
import { CsvExport } from '../../common/csv/csv-response';
import { EXPORT_PAGE_ROWS, exportFilename, keysetPages } from '../../common/csv/csv-export';
import { FinanceTransaction } from './entities/finance-transaction.entity';
import { CategoryTotal, FinanceSummaryJson, summarizeFinance } from './finance-summary';
import { FinanceTransactionCsvRow, financeTransactionCsvLayout, FinanceTransactionJson, toFinanceTransactionJson } from './finance.mapper';
import { readFinanceTransactionNames } from './persistence/finance-export.sql';
import { runStatement } from '../../database/run-statement';

/** GET /finance/transactions and /finance/summary: reads of the ledger by booking date (no transaction). */
@Injectable()
export class FinanceReader {
  constructor(@InjectRepository(FinanceTransaction) private readonly transactions: Repository<FinanceTransaction>) {}

  /** Newest booking date first; `from`/`to` are inclusive booking dates. */
  async list(biz: BusinessContext, query: ListFinanceTransactionsQuery): Promise<Paged<FinanceTransactionJson>> {
    const page = await this.filtered(biz, query).page(pageRequest(query));
    return page.map((transaction) => toFinanceTransactionJson(transaction, biz.currency));
  }

  /**
   * GET /finance/transactions/export: every transaction the same filters give the list, in its
   * order, as CSV, EXPORT_PAGE_ROWS at a time (keyset on the list's order, after the last one read).
   */
  export(biz: BusinessContext, query: ExportFinanceTransactionsQuery): CsvExport<FinanceTransactionCsvRow> {
    return {
      filename: exportFilename('finance-transactions', biz.timezone),
      layout: financeTransactionCsvLayout(biz.timezone),
      pages: this.exportPages(biz, query),
    };
  }

  private async *exportPages(biz: BusinessContext, query: ExportFinanceTransactionsQuery): AsyncGenerator<FinanceTransactionCsvRow[]> {
    const read = (after: string | null) =>
      this.filtered(biz, query).afterRowDesc(after, 'finance_transactions', ['occurred_on', 'created_at', 'id']).first(EXPORT_PAGE_ROWS);
    for await (const rows of keysetPages(read, (row) => row.id)) yield this.withNames(biz, rows);
  }

  /** A page of the export with the numbers beside its ids (one more read, by primary keys). */
  private async withNames(biz: BusinessContext, rows: FinanceTransaction[]): Promise<FinanceTransactionCsvRow[]> {
    const linked = rows.filter((row) => row.saleId !== null || row.invoiceId !== null).map((row) => row.id);
    const names = linked.length > 0 ? await runStatement(this.transactions.manager.connection, readFinanceTransactionNames, [biz.id, linked]) : [];
    const byId = new Map(names.map((n) => [n.id, n]));
    return rows.map((row) => ({
      ...toFinanceTransactionJson(row, biz.currency),
      sale_number: byId.get(row.id)?.sale_number ?? null,
      invoice_number: byId.get(row.id)?.invoice_number ?? null,
    }));
  }

  /** The list's query: its filters (400 when from is after to), newest booking date first. */
  private filtered(biz: BusinessContext, query: ExportFinanceTransactionsQuery): BusinessQuery<FinanceTransaction> {
    return BusinessQuery.of(this.transactions, 'f', biz.id)
      .equals('f.type', query.type)
      .equals('f.category', query.category)
      .withinDates('f.occurredOn', query)
      .orderBy({ 'f.occurredOn': 'DESC', 'f.createdAt': 'DESC', 'f.id': 'DESC' });
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
