import { ApiProperty } from '@nestjs/swagger';
import { FINANCE_TYPES, FinanceType } from './finance-types';

/** One booking of GET /finance/transactions. */
export class FinanceTransactionJson {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ enum: FINANCE_TYPES }) type: FinanceType;
  @ApiProperty({ example: 'sales' }) category: string;
  @ApiProperty({ example: 29.75 }) amount: number;
  @ApiProperty({ example: 'EUR' }) currency: string;
  @ApiProperty({ type: String, nullable: true }) description: string | null;
  @ApiProperty({ format: 'date', description: 'the booking date' }) date: string;
  @ApiProperty({ type: String, format: 'uuid', nullable: true }) sale_id: string | null;
  @ApiProperty({ type: String, format: 'uuid', nullable: true }) invoice_id: string | null;
  @ApiProperty({ type: String, format: 'uuid', nullable: true }) reference_id: string | null;
  @ApiProperty({ format: 'date-time' }) created_at: string;
}

class FinanceCountsJson {
  @ApiProperty({ example: 61 }) income: number;
  @ApiProperty({ example: 4 }) expense: number;
  @ApiProperty({ example: 1 }) refund: number;
}

class FinanceCategoryJson {
  @ApiProperty({ enum: FINANCE_TYPES }) type: FinanceType;
  @ApiProperty({ example: 'sales' }) category: string;
  @ApiProperty({ example: 1520.4 }) amount: number;
  @ApiProperty({ example: 61 }) count: number;
}

/** GET /finance/summary (wrapped). `net` = income - expenses - refunds. */
export class FinanceSummaryJson {
  @ApiProperty({ example: 30 }) period_days: number;
  @ApiProperty({ format: 'date' }) from: string;
  @ApiProperty({ format: 'date' }) to: string;
  @ApiProperty({ example: 'EUR' }) currency: string;
  @ApiProperty({ example: 1520.4 }) income: number;
  @ApiProperty({ example: 800 }) expenses: number;
  @ApiProperty({ example: 29.75 }) refunds: number;
  @ApiProperty({ example: 690.65 }) net: number;
  @ApiProperty({ type: FinanceCountsJson }) counts: Record<FinanceType, number>;
  @ApiProperty({ type: [FinanceCategoryJson] }) by_category: FinanceCategoryJson[];
}
