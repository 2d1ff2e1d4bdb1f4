import { summarizeFinance } from './finance-summary';

const window = { days: 30, from: '2026-10-23', to: '2026-11-21', currency: 'USD' };

describe('summarizeFinance', () => {
  it('is all zeros for an empty window', () => {
    expect(summarizeFinance(window, [])).toEqual({
      period_days: 30,
      from: '2026-10-23',
      to: '2026-11-21',
      currency: 'USD',
      income: 0,
      expenses: 0,
      refunds: 0,
      net: 0,
      counts: { income: 0, expense: 0, refund: 0 },
      by_category: [],
    });
  });

  it('sums exactly per type, nets income less expenses and refunds, and orders the categories', () => {
    const summary = summarizeFinance(window, [
      { type: 'refund', category: 'sales', amount: '0.10', count: 1 },
      { type: 'expense', category: 'rent', amount: '0.20', count: 1 },
      { type: 'income', category: 'sales', amount: '0.10', count: 2 },
      { type: 'expense', category: 'payroll', amount: '1500.05', count: 2 },
      { type: 'income', category: 'invoices', amount: '0.20', count: 1 },
      { type: 'expense', category: 'fuel', amount: '0.20', count: 3 },
    ]);
    expect(summary.income).toBe(0.3);
    expect(summary.expenses).toBe(1500.45);
    expect(summary.refunds).toBe(0.1);
    expect(summary.net).toBe(-1500.25);
    expect(summary.counts).toEqual({ income: 3, expense: 6, refund: 1 });
    expect(summary.by_category).toEqual([
      { type: 'income', category: 'invoices', amount: 0.2, count: 1 },
      { type: 'income', category: 'sales', amount: 0.1, count: 2 },
      { type: 'expense', category: 'payroll', amount: 1500.05, count: 2 },
      { type: 'expense', category: 'fuel', amount: 0.2, count: 3 },
      { type: 'expense', category: 'rent', amount: 0.2, count: 1 },
      { type: 'refund', category: 'sales', amount: 0.1, count: 1 },
    ]);
  });
});
