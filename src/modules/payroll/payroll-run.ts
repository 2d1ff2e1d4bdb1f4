import { DomainError } from '../../common/errors/domain-error';
import { MAX_MONEY, moneyString, sumMoney } from '../../common/money/money';

export interface PayrollRunInput {
  period_start: string;
  period_end: string;
  items: { employee_name: string; amount: number }[];
}

/** A run ready to book: each amount and the total as exact decimal strings. */
export interface PricedPayrollRun {
  periodStart: string;
  periodEnd: string;
  items: { employee_name: string; amount: string }[];
  total: string;
}

/** The rules of a run: the period in order, and a total a money column holds (400 otherwise). */
export function pricePayrollRun(input: PayrollRunInput): PricedPayrollRun {
  if (input.period_end < input.period_start) throw DomainError.validation('period_end', 'period_end must not be before period_start');
  const items = input.items.map((item) => ({ employee_name: item.employee_name, amount: moneyString(item.amount) }));
  const total = sumMoney(items.map((item) => item.amount));
  if (total.greaterThan(MAX_MONEY)) throw DomainError.validation('items', `the total must not exceed ${MAX_MONEY}`);
  return { periodStart: input.period_start, periodEnd: input.period_end, items, total: moneyString(total) };
}
