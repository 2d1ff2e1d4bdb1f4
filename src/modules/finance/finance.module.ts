import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { FinanceTransaction } from './entities/finance-transaction.entity';
import { FinanceController } from './finance.controller';
import { FinanceReader } from './finance.reader';
import { FinanceService } from './finance.service';

@Module({
  imports: [TypeOrmModule.forFeature([FinanceTransaction])],
  controllers: [FinanceController],
  providers: [FinanceService, FinanceReader],
  exports: [FinanceService],
})
export class FinanceModule {}
