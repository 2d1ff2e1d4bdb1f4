import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../api/client';
import { dataOrThrow } from '../../api/errors';
import { invalidatePaths } from '../../api/invalidate';
import { useBusiness } from '../../frame/business';
import { businessToday } from '../../lib/business-day';
import { AlertDialog } from '../../ui/AlertDialog';
import { ErrorView } from '../../ui/ErrorView';
import { invoiceActions, type Invoice } from './invoice-status';

type Change = { status: 'paid'; paid_date: string } | { status: 'overdue' } | { status: 'cancelled' };

/** Mark paid (with its date, today in the business zone by default), Mark overdue, Cancel after a confirmation: PUT /invoices/:id. */
export function InvoiceStatusActions({ invoice }: { invoice: Invoice }) {
  const { timezone } = useBusiness();
  const [paidDate, setPaidDate] = useState(() => businessToday(timezone));
  const [confirmCancel, setConfirmCancel] = useState(false);
  const change = useMutation({
    mutationFn: async (body: Change) => dataOrThrow(await api.PUT('/api/v1/invoices/{id}', { params: { path: { id: invoice.id } }, body })),
    onSuccess: async () => {
      setConfirmCancel(false);
      await invalidatePaths('/api/v1/invoices', '/api/v1/finance', '/api/v1/customers');
    },
  });
  const allowed = invoiceActions(invoice.status);
  if (!allowed.markPaid && !allowed.markOverdue && !allowed.cancel) return null;

  return (
    <section aria-labelledby="invoice-actions-title">
      <h2 id="invoice-actions-title">Status</h2>
      {allowed.markPaid && (
        <form
          className="filters"
          onSubmit={(e) => {
            e.preventDefault();
            change.mutate({ status: 'paid', paid_date: paidDate });
          }}
        >
          <div className="field">
            <label htmlFor="paid-date">Paid date</label>
            <input id="paid-date" type="date" required value={paidDate} onChange={(e) => setPaidDate(e.target.value)} />
          </div>
          <button type="submit" disabled={change.isPending}>
            Mark paid
          </button>
        </form>
      )}
      <div className="actions">
        {allowed.markOverdue && (
          <button type="button" disabled={change.isPending} onClick={() => change.mutate({ status: 'overdue' })}>
            Mark overdue
          </button>
        )}
        {allowed.cancel && (
          <button type="button" className="danger" disabled={change.isPending} onClick={() => setConfirmCancel(true)}>
            Cancel
          </button>
        )}
      </div>
      {change.error && !confirmCancel && <ErrorView error={change.error} />}
      {confirmCancel && (
        <AlertDialog
          title={`Cancel invoice ${invoice.invoice_number}?`}
          confirmLabel="Cancel invoice"
          closeLabel="Keep invoice"
          busy={change.isPending}
          error={change.error}
          onConfirm={() => change.mutate({ status: 'cancelled' })}
          onClose={() => {
            change.reset();
            setConfirmCancel(false);
          }}
        >
          <p>A cancelled invoice cannot be paid or changed again.</p>
        </AlertDialog>
      )}
    </section>
  );
}
