import { Module } from '@nestjs/common';
import { FinanceController } from './finance.controller';
import { FinanceReader } from './finance.reader';
import { FinanceService } from './finance.service';

@Module({ controllers: [FinanceController], providers: [FinanceService, FinanceReader], exports: [FinanceService] })
export class FinanceModule {}
