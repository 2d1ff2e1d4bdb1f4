import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { OrdersModule } from '../orders/orders.module';
import { FinanceTransaction } from './entities/finance-transaction.entity';
import { FinanceSaleEffect } from './finance-sale.effect';
import { FinanceController } from './finance.controller';
import { FinanceReader } from './finance.reader';
import { FinanceService } from './finance.service';

@Module({
  imports: [TypeOrmModule.forFeature([FinanceTransaction]), OrdersModule],
  controllers: [FinanceController],
  providers: [FinanceService, FinanceReader, FinanceSaleEffect],
  exports: [FinanceService],
})
export class FinanceModule {}
