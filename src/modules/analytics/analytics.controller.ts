import { Controller, Get, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { BusinessContext, CurrentBusiness } from '../../common/auth/business-context';
import { Bare } from '../../common/http/envelope.interceptor';
import { AnalyticsCustomersService } from './analytics-customers.service';
import { DEFAULT_DAYS } from './analytics-window';
import { AnalyticsService } from './analytics.service';
import { AnalyticsQueryDto } from './dto/analytics-query.dto';
import { DEFAULT_TOP_PRODUCTS, TopProductsQueryDto } from './dto/top-products-query.dto';

@ApiTags('analytics')
@ApiBearerAuth()
@Controller('analytics')
export class AnalyticsController {
  constructor(
    private readonly analytics: AnalyticsService,
    private readonly customerAnalytics: AnalyticsCustomersService,
  ) {}

  @Get('dashboard')
  @ApiOperation({ summary: 'Revenue, orders, customers and products of the window (completed orders only)' })
  dashboard(@CurrentBusiness() biz: BusinessContext, @Query() q: AnalyticsQueryDto) {
    return this.analytics.dashboard(biz, q.days ?? DEFAULT_DAYS);
  }

  @Get('revenue')
  @Bare()
  @ApiOperation({ summary: 'One point per day of the window, oldest first, zero-filled (bare array)' })
  revenue(@CurrentBusiness() biz: BusinessContext, @Query() q: AnalyticsQueryDto) {
    return this.analytics.revenue(biz, q.days ?? DEFAULT_DAYS);
  }

  @Get('top-products')
  @Bare()
  @ApiOperation({ summary: 'Best-selling products of the window by revenue or quantity (bare array)' })
  topProducts(@CurrentBusiness() biz: BusinessContext, @Query() q: TopProductsQueryDto) {
    return this.analytics.topProducts(biz, q.days ?? DEFAULT_DAYS, q.limit ?? DEFAULT_TOP_PRODUCTS, q.sort ?? 'revenue');
  }

  @Get('customers')
  @ApiOperation({ summary: 'Active, new, returning and top customers of the window' })
  customers(@CurrentBusiness() biz: BusinessContext, @Query() q: AnalyticsQueryDto) {
    return this.customerAnalytics.customers(biz, q.days ?? DEFAULT_DAYS);
  }
}
