import { Controller, Get, Query, Res } from '@nestjs/common';
import { Response } from 'express';
import { writeCsv } from '../../common/csv/csv-response';
import { exportDescription } from '../../common/csv/csv-export';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { Endpoint } from '../../common/openapi/endpoint.decorator';
import { FinanceSummaryJson, FinanceTransactionJson } from './finance.responses';
import { BusinessContext, CurrentBusiness } from '../../common/auth/business-context';
import { FinanceSummaryQuery } from './dto/finance-summary.query';
import { ExportFinanceTransactionsQuery, ListFinanceTransactionsQuery } from './dto/list-finance-transactions.query';
import { financeTransactionCsvLayout } from './finance.mapper';
import { FinanceReader } from './finance.reader';
import { RequiresScope } from '../../common/auth/requires-scope.decorator';

@ApiTags('finance')
@ApiBearerAuth()
@Controller('finance')
export class FinanceController {
  constructor(private readonly reader: FinanceReader) {}

  /** The ledger, newest booking date first; filters `type` (income, expense, refund), `category`, inclusive `from`/`to` booking dates. */
  @Get('transactions')
  @RequiresScope('finance')
  @Endpoint({
    summary: 'The ledger, newest booking date first; filters type, category, inclusive from/to booking dates',
    response: FinanceTransactionJson,
    shape: 'paged',
    errors: ['VALIDATION_FAILED'],
  })
  list(@CurrentBusiness() biz: BusinessContext, @Query() query: ListFinanceTransactionsQuery) {
    return this.reader.list(biz, query);
  }

  /** The ledger as CSV: the same filters, every matching transaction (no paging), streamed (docs/api.md, "CSV exports"). */
  @Get('transactions/export')
  @RequiresScope('finance')
  @Endpoint({
    summary: 'Every transaction GET /finance/transactions would list with these filters, as a CSV attachment (streamed, no paging)',
    response: FinanceTransactionJson,
    description: exportDescription('GET /finance/transactions'),
    shape: 'csv',
    csvHeaders: financeTransactionCsvLayout('UTC').headers,
    errors: ['VALIDATION_FAILED'],
  })
  async export(@CurrentBusiness() biz: BusinessContext, @Query() query: ExportFinanceTransactionsQuery, @Res() res: Response): Promise<void> {
    await writeCsv(res, this.reader.export(biz, query));
  }

  /**
   * Over the last `days` days including today (1..365, default 30, business time zone):
   * `{period_days, from, to, currency, income, expenses, refunds, net, counts: {income, expense, refund},
   * by_category: [{type, category, amount, count}]}`, with net = income - expenses - refunds.
   */
  @Get('summary')
  @RequiresScope('finance')
  @Endpoint({
    summary: 'Income, expenses, refunds and net of the last days (business time zone), by category',
    response: FinanceSummaryJson,
    errors: ['VALIDATION_FAILED'],
  })
  summary(@CurrentBusiness() biz: BusinessContext, @Query() query: FinanceSummaryQuery) {
    return this.reader.summary(biz, query);
  }
}
