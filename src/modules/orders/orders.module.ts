import { Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { AnalyticsModule } from '../analytics/analytics.module';
import { CustomersModule } from '../customers/customers.module';
import { StockModule } from '../stock/stock.module';
import { OrderCancellationService } from './order-cancellation.service';
import { OrdersController } from './orders.controller';
import { OrdersReader } from './orders.reader';
import { OrdersService } from './orders.service';
import { SaleEffects } from './sale-effects';

/**
 * Orders and their cancellation. The sale's effects are providers of their own modules, marked
 * `@SaleEffectProvider()` and gathered by SaleEffects: a new one is registered where it is written.
 */
@Module({
  imports: [DiscoveryModule, StockModule, AnalyticsModule, CustomersModule],
  controllers: [OrdersController],
  providers: [SaleEffects, OrdersService, OrdersReader, OrderCancellationService],
  exports: [SaleEffects, OrdersReader],
})
export class OrdersModule {}
