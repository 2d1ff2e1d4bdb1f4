import { useRef, useState } from 'react';
import type { components } from '../../../../test/generated/openapi';
import { api } from '../../api/client';
import { dataOrThrow } from '../../api/errors';
import { queryClient } from '../../api/query-client';
import { Attempts } from '../../lib/idempotency';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { ErrorView } from '../../ui/ErrorView';

type Order = components['schemas']['OrderJson'];

/** "Cancel order", after a confirmation: POST /orders/:id/cancel (restock as chosen, a reason), one Idempotency-Key per attempt. */
export function CancelOrder({ order }: { order: Order }) {
  const [open, setOpen] = useState(false);
  const [restock, setRestock] = useState(true);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const attempts = useRef(new Attempts());

  async function cancel() {
    const body = { restock, ...(reason.trim() ? { reason: reason.trim() } : {}) };
    setBusy(true);
    setError(null);
    try {
      const key = attempts.current.keyFor(body);
      dataOrThrow(await api.POST('/api/v1/orders/{id}/cancel', { params: { path: { id: order.order_id } }, body, headers: { 'Idempotency-Key': key } }));
      attempts.current.done();
      await queryClient.invalidateQueries();
      setOpen(false);
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Cancel order
      </button>
      {open && (
        <ConfirmDialog
          title={`Cancel order ${order.order_number}?`}
          confirm="Yes, cancel the order"
          dismiss="Keep the order"
          busy={busy}
          onConfirm={() => void cancel()}
          onClose={() => setOpen(false)}
        >
          <p>What is not yet returned is refunded, its points are taken back and its invoice is cancelled.</p>
          <p>
            <input id="cancel-restock" type="checkbox" checked={restock} onChange={(e) => setRestock(e.target.checked)} />{' '}
            <label htmlFor="cancel-restock">Put the goods back in stock</label>
          </p>
          <p>
            <label htmlFor="cancel-reason">Reason</label> <input id="cancel-reason" value={reason} onChange={(e) => setReason(e.target.value)} />
          </p>
          {error !== null && <ErrorView error={error} />}
        </ConfirmDialog>
      )}
    </>
  );
}
