import { Controller, Get, Query, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { Response } from 'express';
import { BusinessContext, CurrentBusiness } from '../../../common/auth/business-context';
import { RequiresScope } from '../../../common/auth/requires-scope.decorator';
import { Endpoint } from '../../../common/openapi/endpoint.decorator';
import { TaxReportQuery } from './tax-report.query';
import { taxReportCsvLayout, TaxReportRowJson } from './tax-report.mapper';
import { TaxReportService } from './tax-report.service';

@ApiTags('reports')
@ApiBearerAuth()
@Controller('reports')
export class TaxReportController {
  constructor(private readonly report: TaxReportService) {}

  /** docs/api.md 22: one row per rate (archived ones too), equal to the period's orders' and refunds' tax lines. */
  @Get('tax')
  @RequiresScope('finance')
  @Endpoint({
    summary: 'Tax collected and refunded per rate, by the date of the sale or refund in the business time zone',
    description:
      '`from` and `to`: inclusive dates in the business time zone (absent: unbounded). With `format=csv`: the rows as a `text/csv` attachment (`tax-report-<date>.csv`), columns named as the fields.',
    response: TaxReportRowJson,
    shape: 'array',
    csvHeaders: taxReportCsvLayout('UTC').headers,
    errors: ['VALIDATION_FAILED'],
  })
  async tax(@CurrentBusiness() biz: BusinessContext, @Query() query: TaxReportQuery, @Res() res: Response): Promise<void> {
    await this.report.answer(biz, query, res);
  }
}
