import { INVOICE_STATUSES, INVOICE_UPDATE_STATUSES, invoiceTransition, InvoiceStatus, InvoiceUpdateStatus } from './invoice-status';

describe('invoiceTransition', () => {
  const table: [InvoiceStatus, InvoiceUpdateStatus, string][] = [
    ['unpaid', 'paid', 'change'],
    ['unpaid', 'cancelled', 'change'],
    ['unpaid', 'overdue', 'change'],
    ['overdue', 'paid', 'change'],
    ['overdue', 'cancelled', 'change'],
    ['overdue', 'overdue', 'unchanged'],
    ['paid', 'paid', 'unchanged'],
    ['paid', 'cancelled', 'forbidden'],
    ['paid', 'overdue', 'forbidden'],
    ['cancelled', 'cancelled', 'unchanged'],
    ['cancelled', 'paid', 'forbidden'],
    ['cancelled', 'overdue', 'forbidden'],
  ];

  it.each(table)('%s -> %s is %s', (from, to, expected) => {
    expect(invoiceTransition(from, to)).toBe(expected);
  });

  it('covers every pair of states: the table above is the whole rule', () => {
    const pairs = new Set(table.map(([from, to]) => `${from}>${to}`));
    expect(pairs.size).toBe(INVOICE_STATUSES.length * INVOICE_UPDATE_STATUSES.length);
    expect(INVOICE_UPDATE_STATUSES).not.toContain('unpaid');
  });
});
