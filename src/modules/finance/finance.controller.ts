import { Controller, Get, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { Endpoint } from '../../common/openapi/endpoint.decorator';
import { FinanceSummaryJson, FinanceTransactionJson } from './finance.responses';
import { BusinessContext, CurrentBusiness } from '../../common/auth/business-context';
import { FinanceSummaryQuery } from './dto/finance-summary.query';
import { ListFinanceTransactionsQuery } from './dto/list-finance-transactions.query';
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
