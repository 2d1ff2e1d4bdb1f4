import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { FinanceModule } from '../finance/finance.module';
import { StockModule } from '../stock/stock.module';
import { PurchaseOrderItem } from './entities/purchase-order-item.entity';
import { PurchaseOrder } from './entities/purchase-order.entity';
import { ReceiptItem } from './entities/receipt-item.entity';
import { Receipt } from './entities/receipt.entity';
import { PurchaseOrdersController } from './purchase-orders.controller';
import { PurchaseOrdersReader } from './purchase-orders.reader';
import { PurchaseOrdersService } from './purchase-orders.service';
import { ReceiptsService } from './receipts.service';
import { ReorderSuggestionsController } from './reorder-suggestions.controller';
import { ReorderSuggestionsReader } from './reorder-suggestions.reader';
import { SupplierPaymentsService } from './supplier-payments.service';

/** Purchase orders to suppliers, the goods received against them, the payments for them (docs/api.md 13) and what to reorder (14). */
@Module({
  imports: [TypeOrmModule.forFeature([PurchaseOrder, PurchaseOrderItem, Receipt, ReceiptItem]), StockModule, FinanceModule],
  controllers: [PurchaseOrdersController, ReorderSuggestionsController],
  providers: [PurchaseOrdersService, PurchaseOrdersReader, ReceiptsService, SupplierPaymentsService, ReorderSuggestionsReader],
})
export class PurchasingModule {}
