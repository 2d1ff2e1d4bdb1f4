import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { $api, api } from '../../api/client';
import { useAttemptKey } from '../../api/attempt-key';
import { dataOrThrow, shownError } from '../../api/errors';
import { openBlob } from '../../api/files';
import { invalidatePaths } from '../../api/invalidate';
import { useFormat } from '../../frame/business';
import { ErrorView } from '../../ui/ErrorView';
import type { Invoice } from './invoice-status';

const EMAIL_STATUS = { pending: 'Pending', sent: 'Sent', failed: 'Failed' } as const;
/** While a mail is pending the invoice is read again this often, to show it sent or failed. */
const PENDING_POLL_MS = 5000;

/**
 * The invoice's document (docs/documents.md): Open PDF (GET /invoices/:id/pdf fetched with the key,
 * opened through an object URL), Send (POST /invoices/:id/send {to?}, an Idempotency-Key per
 * attempt, 202) and the latest sending's `email` status.
 */
export function InvoiceDocument({ invoice }: { invoice: Invoice }) {
  const format = useFormat();
  const [to, setTo] = useState('');
  const attempt = useAttemptKey();
  // the page's own read of the invoice (same query), polled while the mail is pending
  const live = $api.useQuery(
    'get',
    '/api/v1/invoices/{id}',
    { params: { path: { id: invoice.id } } },
    { refetchInterval: (query) => (query.state.data?.data.email?.status === 'pending' ? PENDING_POLL_MS : false) },
  );
  const email = (live.data?.data ?? invoice).email;

  const pdf = useMutation({
    mutationFn: async () => {
      const result = await api.GET('/api/v1/invoices/{id}/pdf', { params: { path: { id: invoice.id } }, parseAs: 'blob' });
      if (!result.response.ok) dataOrThrow(result);
      return result.data as unknown as Blob;
    },
    onSuccess: (blob) => openBlob(blob),
  });
  const send = useMutation({
    mutationFn: async (body: { to?: string }) =>
      dataOrThrow(
        await api.POST('/api/v1/invoices/{id}/send', { params: { path: { id: invoice.id } }, headers: { 'Idempotency-Key': attempt.keyFor(body) }, body }),
      ),
    onError: (error) => {
      if (shownError(error).code) attempt.end();
    },
    onSuccess: async () => {
      attempt.end();
      setTo('');
      await invalidatePaths('/api/v1/invoices');
    },
  });

  return (
    <section aria-labelledby="invoice-document-title">
      <h2 id="invoice-document-title">Document</h2>
      <div className="actions">
        <button type="button" disabled={pdf.isPending} onClick={() => pdf.mutate()}>
          Open PDF
        </button>
      </div>
      {pdf.error && <ErrorView error={pdf.error} />}
      <form
        className="filters"
        aria-label="Send invoice"
        onSubmit={(e) => {
          e.preventDefault();
          const address = to.trim();
          send.mutate(address ? { to: address } : {});
        }}
      >
        <div className="field">
          <label htmlFor="send-to">Send to (optional; the customer’s email otherwise)</label>
          <input id="send-to" type="email" autoComplete="off" value={to} onChange={(e) => setTo(e.target.value)} />
        </div>
        <button type="submit" disabled={send.isPending}>
          Send invoice
        </button>
        {send.error && <ErrorView error={send.error} />}
      </form>
      <h3>Email</h3>
      {email ? (
        <dl className="facts" data-testid="invoice-email">
          <dt>Status</dt>
          <dd>{EMAIL_STATUS[email.status]}</dd>
          <dt>To</dt>
          <dd>{email.to}</dd>
          <dt>Attempts</dt>
          <dd>{email.attempts}</dd>
          {email.sent_at && (
            <>
              <dt>Sent</dt>
              <dd>{format.dateTime(email.sent_at)}</dd>
            </>
          )}
          {email.last_error && (
            <>
              <dt>Last error</dt>
              <dd>{email.last_error}</dd>
            </>
          )}
        </dl>
      ) : (
        <p>Not sent yet.</p>
      )}
    </section>
  );
}
