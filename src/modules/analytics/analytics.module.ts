import { Module } from '@nestjs/common';
import { AnalyticsCustomersService } from './analytics-customers.service';
import { AnalyticsRollupService } from './analytics-rollup.service';
import { AnalyticsController } from './analytics.controller';
import { AnalyticsService } from './analytics.service';

/** Exports AnalyticsRollupService for the code that changes a sale after its day closed (cancellation). */
@Module({
  controllers: [AnalyticsController],
  providers: [AnalyticsService, AnalyticsCustomersService, AnalyticsRollupService],
  exports: [AnalyticsRollupService],
})
export class AnalyticsModule {}
