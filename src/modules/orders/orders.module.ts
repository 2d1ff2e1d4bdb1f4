import { Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { AnalyticsModule } from '../analytics/analytics.module';
import { CustomersModule } from '../customers/customers.module';
import { StockModule } from '../stock/stock.module';
import { OrderCancellationService } from './order-cancellation.service';
import { OrdersController } from './orders.controller';
import { OrdersReader } from './orders.reader';
import { OrdersService } from './orders.service';
import { PaymentMethods } from './payment-methods';
import { PaymentSaleEffect } from './payment-sale.effect';
import { SaleEffects } from './sale-effects';
import { OrderQuoteController } from './quote/order-quote.controller';
import { OrderQuoteService } from './quote/order-quote.service';

/**
 * Orders and their cancellation. The sale's effects are providers of their own modules, marked
 * `@SaleEffectProvider()` and gathered by SaleEffects: a new one is registered where it is written.
 * So are the payment methods (`@PaymentMethodProvider()`, gathered by PaymentMethods), run among the
 * effects by PaymentSaleEffect.
 */
@Module({
  imports: [DiscoveryModule, StockModule, AnalyticsModule, CustomersModule],
  controllers: [OrderQuoteController, OrdersController],
  providers: [SaleEffects, PaymentMethods, PaymentSaleEffect, OrdersService, OrderQuoteService, OrdersReader, OrderCancellationService],
  exports: [SaleEffects, PaymentMethods, OrdersReader],
})
export class OrdersModule {}
