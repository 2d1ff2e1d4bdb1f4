import { Module } from '@nestjs/common';
import { AnalyticsCustomersService } from './analytics-customers.service';
import { AnalyticsPlanner } from './analytics-plan';
import { AnalyticsRollupService } from './analytics-rollup.service';
import { AnalyticsController } from './analytics.controller';
import { ReportsController } from './reports.controller';
import { AnalyticsService } from './analytics.service';
import { AnalyticsWarmer } from './analytics-warmer';
import { CustomerSnapshotsService } from './customer-snapshots.service';
import { AnalyticsWindowProducts } from './analytics-window-products';

/** Exports AnalyticsRollupService for the code that changes a sale after its day closed (cancellation). */
@Module({
  controllers: [AnalyticsController, ReportsController],
  providers: [
    AnalyticsPlanner,
    AnalyticsService,
    AnalyticsCustomersService,
    AnalyticsRollupService,
    CustomerSnapshotsService,
    AnalyticsWindowProducts,
    AnalyticsWarmer,
  ],
  exports: [AnalyticsRollupService],
})
export class AnalyticsModule {}
