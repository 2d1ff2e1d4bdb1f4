import { moneyNumber } from '../../common/money/money';

/** A payroll run as stored; the periods are dates as text (YYYY-MM-DD). */
export interface PayrollRunRow {
  id: string;
  period_start: string;
  period_end: string;
  total: string;
  employee_count: number;
  finance_transaction_id: string;
  created_at: Date;
}

export interface PayrollItemRow {
  run_id: string;
  employee_name: string;
  amount: string;
}

export interface PayrollRunJson {
  id: string;
  period_start: string;
  period_end: string;
  total: number;
  currency: string;
  employee_count: number;
  finance_transaction_id: string;
  items: { employee_name: string; amount: number }[];
  created_at: string;
}

export function toPayrollRunJson(run: PayrollRunRow, items: PayrollItemRow[], currency: string): PayrollRunJson {
  return {
    id: run.id,
    period_start: run.period_start,
    period_end: run.period_end,
    total: moneyNumber(run.total),
    currency,
    employee_count: run.employee_count,
    finance_transaction_id: run.finance_transaction_id,
    items: items.map((item) => ({ employee_name: item.employee_name, amount: moneyNumber(item.amount) })),
    created_at: run.created_at.toISOString(),
  };
}
