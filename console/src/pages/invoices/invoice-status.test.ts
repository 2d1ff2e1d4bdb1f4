import { describe, expect, it } from 'vitest';
import { invoiceActions } from './invoice-status';

describe('invoiceActions', () => {
  it('offers the transitions docs/api.md 6 allows and nothing from a final status', () => {
    expect(invoiceActions('unpaid')).toEqual({ markPaid: true, markOverdue: true, cancel: true });
    expect(invoiceActions('overdue')).toEqual({ markPaid: true, markOverdue: false, cancel: true });
    expect(invoiceActions('paid')).toEqual({ markPaid: false, markOverdue: false, cancel: false });
    expect(invoiceActions('cancelled')).toEqual({ markPaid: false, markOverdue: false, cancel: false });
  });
});
