import { Module } from '@nestjs/common';
import { FinanceModule } from '../finance/finance.module';
import { ExpensesController } from './expenses.controller';
import { ExpensesService } from './expenses.service';

@Module({ imports: [FinanceModule], controllers: [ExpensesController], providers: [ExpensesService] })
export class ExpensesModule {}
