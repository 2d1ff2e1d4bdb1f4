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
import { SupplierPaymentsService } from './supplier-payments.service';

/** Purchase orders to suppliers, the goods received against them and the payments for them (CONTRACT.md 13). */
@Module({
  imports: [TypeOrmModule.forFeature([PurchaseOrder, PurchaseOrderItem, Receipt, ReceiptItem]), StockModule, FinanceModule],
  controllers: [PurchaseOrdersController],
  providers: [PurchaseOrdersService, PurchaseOrdersReader, ReceiptsService, SupplierPaymentsService],
})
export class PurchasingModule {}
