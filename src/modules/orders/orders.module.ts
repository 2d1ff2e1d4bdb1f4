import { Module } from '@nestjs/common';
import { AnalyticsModule } from '../analytics/analytics.module';
import { CustomersModule } from '../customers/customers.module';
import { FinanceModule } from '../finance/finance.module';
import { InvoicesModule } from '../invoices/invoices.module';
import { LoyaltyModule } from '../loyalty/loyalty.module';
import { StockModule } from '../stock/stock.module';
import { OrderCancellationService } from './order-cancellation.service';
import { OrdersController } from './orders.controller';
import { OrdersReader } from './orders.reader';
import { OrdersService } from './orders.service';

@Module({
  imports: [CustomersModule, StockModule, LoyaltyModule, InvoicesModule, FinanceModule, AnalyticsModule],
  controllers: [OrdersController],
  providers: [OrdersService, OrdersReader, OrderCancellationService],
})
export class OrdersModule {}
