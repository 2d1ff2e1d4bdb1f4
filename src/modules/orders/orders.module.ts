import { Module } from '@nestjs/common';
import { AnalyticsModule } from '../analytics/analytics.module';
import { CustomersSaleEffect } from '../customers/customers-sale.effect';
import { FinanceSaleEffect } from '../finance/finance-sale.effect';
import { InvoicesSaleEffect } from '../invoices/invoices-sale.effect';
import { LoyaltySaleEffect } from '../loyalty/loyalty-sale.effect';
import { StockModule } from '../stock/stock.module';
import { OrderCancellationService } from './order-cancellation.service';
import { OrdersController } from './orders.controller';
import { OrdersReader } from './orders.reader';
import { OrdersService } from './orders.service';
import { inLockOrder, SALE_EFFECTS, SaleEffect } from './sale-effect';

/** The effects of a sale: adding one here is all an order needs to write (and undo) a new ledger. */
export const SALE_EFFECT_TYPES = [CustomersSaleEffect, LoyaltySaleEffect, InvoicesSaleEffect, FinanceSaleEffect];

@Module({
  imports: [StockModule, AnalyticsModule],
  controllers: [OrdersController],
  providers: [
    ...SALE_EFFECT_TYPES,
    { provide: SALE_EFFECTS, useFactory: (...effects: SaleEffect[]) => inLockOrder(effects), inject: SALE_EFFECT_TYPES },
    OrdersService,
    OrdersReader,
    OrderCancellationService,
  ],
  exports: [SALE_EFFECTS],
})
export class OrdersModule {}
