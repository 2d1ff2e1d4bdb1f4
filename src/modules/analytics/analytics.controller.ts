import { Controller, Get, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { Endpoint } from '../../common/openapi/endpoint.decorator';
import { CustomerAnalyticsJson, DashboardJson, RevenuePointJson, TopProductJson } from './analytics.responses';
import { BusinessContext, CurrentBusiness } from '../../common/auth/business-context';
import { bare } from '../../common/http/envelope';
import { AnalyticsCustomersService } from './analytics-customers.service';
import { DEFAULT_DAYS } from './analytics-window';
import { AnalyticsService } from './analytics.service';
import { AnalyticsQueryDto, DashboardQueryDto } from './dto/analytics-query.dto';
import { DEFAULT_TOP_PRODUCTS, TopProductsQueryDto } from './dto/top-products-query.dto';
import { RequiresScope } from '../../common/auth/requires-scope.decorator';

@ApiTags('analytics')
@ApiBearerAuth()
@Controller('analytics')
export class AnalyticsController {
  constructor(
    private readonly analytics: AnalyticsService,
    private readonly customerAnalytics: AnalyticsCustomersService,
  ) {}

  @Get('dashboard')
  @RequiresScope('analytics')
  @Endpoint({
    summary: 'Revenue, orders, customers and products of the window (completed orders only)',
    description: '`compare=previous` adds `previous`: the same figures of the window of the same length just before (whole days).',
    response: DashboardJson,
    errors: ['VALIDATION_FAILED'],
  })
  dashboard(@CurrentBusiness() biz: BusinessContext, @Query() q: DashboardQueryDto) {
    return this.analytics.dashboard(biz, q.days ?? DEFAULT_DAYS, q.compare);
  }

  @Get('revenue')
  @RequiresScope('analytics')
  @Endpoint({
    summary: 'One point per day of the window, oldest first, zero-filled (bare array)',
    response: RevenuePointJson,
    shape: 'bare-array',
    errors: ['VALIDATION_FAILED'],
  })
  async revenue(@CurrentBusiness() biz: BusinessContext, @Query() q: AnalyticsQueryDto) {
    return bare(await this.analytics.revenue(biz, q.days ?? DEFAULT_DAYS));
  }

  @Get('top-products')
  @RequiresScope('analytics')
  @Endpoint({
    summary: 'Best-selling products of the window by revenue or quantity (bare array)',
    response: TopProductJson,
    shape: 'bare-array',
    errors: ['VALIDATION_FAILED'],
  })
  async topProducts(@CurrentBusiness() biz: BusinessContext, @Query() q: TopProductsQueryDto) {
    return bare(await this.analytics.topProducts(biz, q.days ?? DEFAULT_DAYS, q.limit ?? DEFAULT_TOP_PRODUCTS, q.sort ?? 'revenue'));
  }

  @Get('customers')
  @RequiresScope('analytics')
  @Endpoint({ summary: 'Active, new, returning and top customers of the window', response: CustomerAnalyticsJson, errors: ['VALIDATION_FAILED'] })
  customers(@CurrentBusiness() biz: BusinessContext, @Query() q: AnalyticsQueryDto) {
    return this.customerAnalytics.customers(biz, q.days ?? DEFAULT_DAYS);
  }
}
