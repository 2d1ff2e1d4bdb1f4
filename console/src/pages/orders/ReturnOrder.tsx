import { useRef, useState } from 'react';
import type { components } from '../../../../test/generated/openapi';
import { api } from '../../api/client';
import { dataOrThrow } from '../../api/errors';
import { queryClient } from '../../api/query-client';
import { Attempts } from '../../lib/idempotency';
import { useFormat } from '../../frame/business';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { ErrorView } from '../../ui/ErrorView';

type Order = components['schemas']['OrderJson'];
type ReturnBody = components['schemas']['CreateReturnDto'];

/**
 * "Return", after a confirmation: the quantity of each line to take back and whether it goes back to
 * stock, a reason; POST /orders/:id/returns with one Idempotency-Key per attempt. The API judges the
 * quantities (422 RETURN_EXCEEDS_SOLD shown in the dialog, nothing typed lost).
 */
export function ReturnOrder({ order }: { order: Order }) {
  const format = useFormat();
  const [open, setOpen] = useState(false);
  const [quantities, setQuantities] = useState<Record<string, string>>({});
  const [restock, setRestock] = useState<Record<string, boolean>>({});
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const attempts = useRef(new Attempts());

  function body(): ReturnBody {
    const items = order.items
      .filter((item) => (quantities[item.id] ?? '').trim() !== '' && Number(quantities[item.id]) !== 0)
      .map((item) => {
        const text = quantities[item.id].trim();
        return { sale_item_id: item.id, quantity: /^\d+(\.\d+)?$/.test(text) ? Number(text) : (text as unknown as number), restock: restock[item.id] ?? true };
      });
    return { items, ...(reason.trim() ? { reason: reason.trim() } : {}) };
  }

  async function submit() {
    const request = body();
    if (request.items.length === 0) {
      setError(new Error('Type the quantity to return of at least one line.'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const key = attempts.current.keyFor(request);
      dataOrThrow(
        await api.POST('/api/v1/orders/{id}/returns', { params: { path: { id: order.order_id } }, body: request, headers: { 'Idempotency-Key': key } }),
      );
      attempts.current.done();
      await queryClient.invalidateQueries();
      setQuantities({});
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
        Return
      </button>
      {open && (
        <ConfirmDialog
          title={`Return goods of order ${order.order_number}`}
          confirm="Return and refund"
          dismiss="Go back"
          busy={busy}
          onConfirm={() => void submit()}
          onClose={() => setOpen(false)}
        >
          <table>
            <thead>
              <tr>
                <th scope="col">Product</th>
                <th scope="col" className="num">
                  Sold
                </th>
                <th scope="col" className="num">
                  Returned before
                </th>
                <th scope="col">Return now</th>
                <th scope="col">Back to stock</th>
              </tr>
            </thead>
            <tbody>
              {order.items.map((item) => (
                <tr key={item.id}>
                  <th scope="row">{item.product_name}</th>
                  <td className="num">{format.quantity(item.quantity)}</td>
                  <td className="num">{format.quantity(item.returned_quantity)}</td>
                  <td>
                    <input
                      aria-label={`Quantity of ${item.product_name} to return`}
                      inputMode="decimal"
                      size={7}
                      value={quantities[item.id] ?? ''}
                      onChange={(e) => setQuantities({ ...quantities, [item.id]: e.target.value })}
                    />
                  </td>
                  <td>
                    <input
                      type="checkbox"
                      aria-label={`Put ${item.product_name} back in stock`}
                      checked={restock[item.id] ?? true}
                      onChange={(e) => setRestock({ ...restock, [item.id]: e.target.checked })}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <p>
            <label htmlFor="return-reason">Reason</label> <input id="return-reason" value={reason} onChange={(e) => setReason(e.target.value)} />
          </p>
          {error !== null && <ErrorView error={error} />}
        </ConfirmDialog>
      )}
    </>
  );
}
