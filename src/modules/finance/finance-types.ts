/** Kinds of finance transaction: money in (sales, paid invoices), money out (expenses, payroll), refunds of cancelled orders. */
export const FINANCE_TYPES = ['income', 'expense', 'refund'] as const;
export type FinanceType = (typeof FINANCE_TYPES)[number];
