import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { FinanceModule } from '../finance/finance.module';
import { Expense } from './entities/expense.entity';
import { ExpensesController } from './expenses.controller';
import { ExpensesService } from './expenses.service';

@Module({ imports: [TypeOrmModule.forFeature([Expense]), FinanceModule], controllers: [ExpensesController], providers: [ExpensesService] })
export class ExpensesModule {}
