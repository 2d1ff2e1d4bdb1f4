import { Module } from '@nestjs/common';
import { CustomersModule } from '../customers/customers.module';
import { FinanceModule } from '../finance/finance.module';
import { InvoicesModule } from '../invoices/invoices.module';
import { LoyaltyModule } from '../loyalty/loyalty.module';
import { StockModule } from '../stock/stock.module';
import { OrdersController } from './orders.controller';
import { OrdersReader } from './orders.reader';
import { OrdersService } from './orders.service';

@Module({
  imports: [CustomersModule, StockModule, LoyaltyModule, InvoicesModule, FinanceModule],
  controllers: [OrdersController],
  providers: [OrdersService, OrdersReader],
})
export class OrdersModule {}
