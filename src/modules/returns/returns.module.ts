import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AnalyticsModule } from '../analytics/analytics.module';
import { OrdersModule } from '../orders/orders.module';
import { StockModule } from '../stock/stock.module';
import { ReturnItem } from './entities/return-item.entity';
import { Return } from './entities/return.entity';
import { ReturnsController } from './returns.controller';
import { ReturnsReader } from './returns.reader';
import { ReturnsService } from './returns.service';
import { ReturnQuoteController } from './quote/return-quote.controller';
import { ReturnQuoteService } from './quote/return-quote.service';

/** Returns of orders (docs/api.md 12), through the sale's effects that OrdersModule provides. */
@Module({
  imports: [TypeOrmModule.forFeature([Return, ReturnItem]), OrdersModule, StockModule, AnalyticsModule],
  controllers: [ReturnQuoteController, ReturnsController],
  providers: [ReturnsService, ReturnQuoteService, ReturnsReader],
})
export class ReturnsModule {}
