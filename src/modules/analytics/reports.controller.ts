import { Controller, Get, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { BusinessContext, CurrentBusiness } from '../../common/auth/business-context';
import { Endpoint } from '../../common/openapi/endpoint.decorator';
import { DEFAULT_DAYS } from './analytics-window';
import { AnalyticsService } from './analytics.service';
import { AnalyticsQueryDto } from './dto/analytics-query.dto';
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
    summary: "Revenue, cost of goods and gross margin of the window's sales net of returns (business time zone), top 50 products by revenue",
    response: MarginJson,
    errors: ['VALIDATION_FAILED'],
  })
  margin(@CurrentBusiness() biz: BusinessContext, @Query() q: AnalyticsQueryDto) {
    return this.analytics.margin(biz, q.days ?? DEFAULT_DAYS);
  }
}
