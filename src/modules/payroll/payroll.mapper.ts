import { ApiProperty } from '@nestjs/swagger';
import { moneyNumber } from '../../common/money/money';
import { PayrollItem } from './entities/payroll-item.entity';
import { PayrollRun } from './entities/payroll-run.entity';

class PayrollItemJson {
  @ApiProperty({ example: 'Ana Silva' }) employee_name: string;
  @ApiProperty({ example: 2100 }) amount: number;
}

export class PayrollRunJson {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ format: 'date' }) period_start: string;
  @ApiProperty({ format: 'date' }) period_end: string;
  @ApiProperty({ example: 4200 }) total: number;
  @ApiProperty({ example: 'EUR' }) currency: string;
  @ApiProperty({ example: 2 }) employee_count: number;
  @ApiProperty({ format: 'uuid' }) finance_transaction_id: string;
  @ApiProperty({ type: [PayrollItemJson] }) items: PayrollItemJson[];
  @ApiProperty({ format: 'date-time' }) created_at: string;
}

/** A run with its items in line order; the currency is the business's. */
export function toPayrollRunJson(run: PayrollRun, items: PayrollItem[], currency: string): PayrollRunJson {
  return {
    id: run.id,
    period_start: run.periodStart,
    period_end: run.periodEnd,
    total: moneyNumber(run.total),
    currency,
    employee_count: run.employeeCount,
    finance_transaction_id: run.financeTransactionId,
    items: items.map((item) => ({ employee_name: item.employeeName, amount: moneyNumber(item.amount) })),
    created_at: run.createdAt.toISOString(),
  };
}
