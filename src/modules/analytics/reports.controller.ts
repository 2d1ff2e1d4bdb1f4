import { Controller, Get, Query, Res } from '@nestjs/common';
import { Response } from 'express';
import { writeCsv } from '../../common/csv/csv-response';
import { envelopeOf } from '../../common/http/envelope';
import { exportFilename } from '../../common/csv/csv-export';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { BusinessContext, CurrentBusiness } from '../../common/auth/business-context';
import { Endpoint } from '../../common/openapi/endpoint.decorator';
import { DEFAULT_DAYS } from './analytics-window';
import { AnalyticsService } from './analytics.service';
import { MarginQueryDto } from './dto/margin-query.dto';
import { MARGIN_CSV_LAYOUT } from './reports.mapper';
import { InventoryValuationJson, MarginJson } from './reports.responses';
import { RequiresScope } from '../../common/auth/requires-scope.decorator';

/** The stock and margin reports of docs/api.md 13 (wrapped). */
@ApiTags('reports')
@ApiBearerAuth()
@Controller('reports')
export class ReportsController {
  constructor(private readonly analytics: AnalyticsService) {}

  @Get('inventory-valuation')
  @RequiresScope('purchasing')
  @Endpoint({
    summary: 'Products with stock, their quantity, average cost and value (quantity x average cost), by value',
    response: InventoryValuationJson,
    errors: [],
  })
  inventoryValuation(@CurrentBusiness() biz: BusinessContext) {
    return this.analytics.inventoryValuation(biz);
  }

  @Get('margin')
  @RequiresScope('purchasing')
  @Endpoint({
    summary: "Revenue, cost of goods and gross margin of the window's sales net of returns (business time zone), top 50 products by `sort`",
    description:
      '`sort=revenue|margin|margin_percent|quantity` (default revenue): the products by that figure, descending, nulls last, ' +
      'then by name, before the top 50 is taken. `format=csv`: the product rows as a `text/csv` attachment ' +
      '(`margin-<date>.csv`), columns named as their JSON fields.',
    response: MarginJson,
    csvHeaders: MARGIN_CSV_LAYOUT.headers,
    errors: ['VALIDATION_FAILED'],
  })
  async margin(@CurrentBusiness() biz: BusinessContext, @Query() q: MarginQueryDto, @Res() res: Response): Promise<void> {
    const report = await this.analytics.margin(biz, q.days ?? DEFAULT_DAYS, q.sort ?? 'revenue');
    if (q.format !== 'csv') {
      res.status(200).json(envelopeOf(report));
      return;
    }
    await writeCsv(res, { filename: exportFilename('margin', biz.timezone), layout: MARGIN_CSV_LAYOUT, pages: onePage(report.products) });
  }
}

/** The rows of a report already read, as the one page of an export. */
function onePage<T>(rows: T[]): AsyncIterable<T[]> {
  return {
    [Symbol.asyncIterator]: () => {
      let done = rows.length === 0;
      return {
        next: () => {
          const result: IteratorResult<T[]> = done ? { done: true, value: undefined } : { done: false, value: rows };
          done = true;
          return Promise.resolve(result);
        },
      };
    },
  };
}
