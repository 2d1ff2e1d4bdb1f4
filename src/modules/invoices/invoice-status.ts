/** Invoice states. */
export const INVOICE_STATUSES = ['unpaid', 'paid', 'cancelled', 'overdue'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

/** What PUT /invoices/:id may ask for: `unpaid` is only a listing filter, never a state to move to. */
export const INVOICE_UPDATE_STATUSES = ['paid', 'cancelled', 'overdue'] as const;
export type InvoiceUpdateStatus = (typeof INVOICE_UPDATE_STATUSES)[number];

/** unpaid -> paid | cancelled | overdue, overdue -> paid | cancelled; paid and cancelled are final. */
const ALLOWED: Record<InvoiceStatus, readonly InvoiceUpdateStatus[]> = {
  unpaid: ['paid', 'cancelled', 'overdue'],
  overdue: ['paid', 'cancelled'],
  paid: [],
  cancelled: [],
};

/**
 * `change`: apply it; `unchanged`: the invoice already has that status (a no-op, no event);
 * `forbidden`: 409 INVALID_STATUS_TRANSITION.
 */
export type InvoiceTransition = 'change' | 'unchanged' | 'forbidden';

export function invoiceTransition(from: InvoiceStatus, to: InvoiceUpdateStatus): InvoiceTransition {
  if (from === to) return 'unchanged';
  return ALLOWED[from].includes(to) ? 'change' : 'forbidden';
}
