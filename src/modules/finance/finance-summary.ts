import { dec, DecimalInput, moneyNumber, sumMoney } from '../../common/money/money';
import { FINANCE_TYPES, FinanceType } from './finance-types';
import { FinanceSummaryJson } from './finance.responses';

export type { FinanceSummaryJson };

/** One (type, category) group of a window of the ledger: the sum of its amounts and how many there were. */
export interface CategoryTotal {
  type: FinanceType;
  category: string;
  amount: DecimalInput;
  count: number;
}

export interface FinanceSummaryWindow {
  days: number;
  from: string;
  to: string;
  currency: string;
}

const TYPE_ORDER = new Map(FINANCE_TYPES.map((type, i) => [type, i]));

/**
 * The summary of a window from its per-category sums: totals per type (exact decimals), net, counts,
 * and the categories ordered by type (income, expense, refund), then the largest amount first.
 */
export function summarizeFinance(window: FinanceSummaryWindow, groups: CategoryTotal[]): FinanceSummaryJson {
  const total = (type: FinanceType) => sumMoney(groups.filter((g) => g.type === type).map((g) => g.amount));
  const count = (type: FinanceType) => groups.filter((g) => g.type === type).reduce((n, g) => n + g.count, 0);
  const income = total('income');
  const expenses = total('expense');
  const refunds = total('refund');
  const byCategory = [...groups].sort(
    (a, b) => TYPE_ORDER.get(a.type)! - TYPE_ORDER.get(b.type)! || dec(b.amount).comparedTo(a.amount) || a.category.localeCompare(b.category),
  );
  return {
    period_days: window.days,
    from: window.from,
    to: window.to,
    currency: window.currency,
    income: moneyNumber(income),
    expenses: moneyNumber(expenses),
    refunds: moneyNumber(refunds),
    net: moneyNumber(income.minus(expenses).minus(refunds)),
    counts: { income: count('income'), expense: count('expense'), refund: count('refund') },
    by_category: byCategory.map((g) => ({ type: g.type, category: g.category, amount: moneyNumber(g.amount), count: g.count })),
  };
}
