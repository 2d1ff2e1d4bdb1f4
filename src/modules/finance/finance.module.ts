import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { FinanceTransaction } from './entities/finance-transaction.entity';
import { FinanceSaleEffect } from './finance-sale.effect';
import { FinanceController } from './finance.controller';
import { FinanceReader } from './finance.reader';
import { FinanceService } from './finance.service';

@Module({
  imports: [TypeOrmModule.forFeature([FinanceTransaction])],
  controllers: [FinanceController],
  providers: [FinanceService, FinanceReader, FinanceSaleEffect],
  exports: [FinanceService],
})
export class FinanceModule {}
