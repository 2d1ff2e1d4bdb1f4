import type { components } from '../../../../test/generated/openapi';

export type Invoice = components['schemas']['InvoiceJson'];
export type InvoiceStatus = Invoice['status'];

export const INVOICE_STATUSES: InvoiceStatus[] = ['unpaid', 'overdue', 'paid', 'cancelled'];

/** docs/api.md 6: unpaid -> paid | cancelled | overdue, overdue -> paid | cancelled; paid and cancelled are final. */
export function invoiceActions(status: InvoiceStatus): { markPaid: boolean; markOverdue: boolean; cancel: boolean } {
  const open = status === 'unpaid' || status === 'overdue';
  return { markPaid: open, markOverdue: status === 'unpaid', cancel: open };
}

export function statusLabel(status: InvoiceStatus): string {
  return status.charAt(0).toUpperCase() + status.slice(1);
}
