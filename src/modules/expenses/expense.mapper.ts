import { moneyNumber } from '../../common/money/money';

/** An expense as stored; `date` is expense_date as text (YYYY-MM-DD). */
export interface ExpenseRow {
  id: string;
  amount: string;
  category: string;
  description: string | null;
  date: string;
  finance_transaction_id: string;
  created_at: Date;
}

export interface ExpenseJson {
  id: string;
  amount: number;
  currency: string;
  category: string;
  description: string | null;
  date: string;
  finance_transaction_id: string;
  created_at: string;
}

export function toExpenseJson(row: ExpenseRow, currency: string): ExpenseJson {
  return {
    id: row.id,
    amount: moneyNumber(row.amount),
    currency,
    category: row.category,
    description: row.description,
    date: row.date,
    finance_transaction_id: row.finance_transaction_id,
    created_at: row.created_at.toISOString(),
  };
}
