import { ApiProperty } from '@nestjs/swagger';
import { moneyNumber } from '../../common/money/money';
import { Expense } from './entities/expense.entity';

export class ExpenseJson {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ example: 120.5 }) amount: number;
  @ApiProperty({ example: 'EUR' }) currency: string;
  @ApiProperty({ example: 'rent' }) category: string;
  @ApiProperty({ type: String, nullable: true }) description: string | null;
  @ApiProperty({ format: 'date', example: '2026-11-24' }) date: string;
  @ApiProperty({ format: 'uuid' }) finance_transaction_id: string;
  @ApiProperty({ format: 'date-time' }) created_at: string;
}

/** `date` is the expense date (YYYY-MM-DD); the currency is the business's. */
export function toExpenseJson(expense: Expense, currency: string): ExpenseJson {
  return {
    id: expense.id,
    amount: moneyNumber(expense.amount),
    currency,
    category: expense.category,
    description: expense.description,
    date: expense.expenseDate,
    finance_transaction_id: expense.financeTransactionId,
    created_at: expense.createdAt.toISOString(),
  };
}
