import { useRef, useState } from 'react';
import type { components } from '../../../../test/generated/openapi';
import { api } from '../../api/client';
import { dataOrThrow } from '../../api/errors';
import { queryClient } from '../../api/query-client';
import { Attempts } from '../../lib/idempotency';
import { useFormat } from '../../frame/business';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { ErrorView } from '../../ui/ErrorView';
import { TableScroll } from '../../ui/list/ListPage';
import { ReturnDone } from './ReturnDone';
import { ReturnQuoteView } from './ReturnQuoteView';
import { returnBody } from './return-quote';
import { useReturnQuote } from './use-return-quote';

type Order = components['schemas']['OrderJson'];
type Return = components['schemas']['ReturnJson'];

/**
 * "Return", after a confirmation (docs/api.md 21): the quantity of each line to take back and whether
 * it goes back to stock, a reason; the refund it makes, its tax and how it is paid back, from the
 * API's quote of that very body as the lines change (the confirm button waits for it); then POST
 * /orders/:id/returns with one Idempotency-Key per attempt, and the return made with its credit note
 * to print (ReturnDone). The API judges the quantities (422 RETURN_EXCEEDS_SOLD, already from the quote).
 */
export function ReturnOrder({ order }: { order: Order }) {
  const format = useFormat();
  const [open, setOpen] = useState(false);
  const [quantities, setQuantities] = useState<Record<string, string>>({});
  const [restock, setRestock] = useState<Record<string, boolean>>({});
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [made, setMade] = useState<Return | null>(null);
  const attempts = useRef(new Attempts());
  const { body, invalid } = returnBody(
    order.items.map((item) => item.id),
    { quantities, restock, reason },
  );
  const shown = useReturnQuote(order.order_id, body, invalid);
  const lineRefund = (id: string) => (shown.state === 'current' ? shown.quote.items.find((line) => line.sale_item_id === id)?.amount : undefined);

  async function submit() {
    if (body.items.length === 0) {
      setError(new Error('Type the quantity to return of at least one line.'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const key = attempts.current.keyFor(body);
      const result = dataOrThrow(
        await api.POST('/api/v1/orders/{id}/returns', { params: { path: { id: order.order_id } }, body, headers: { 'Idempotency-Key': key } }),
      );
      attempts.current.done();
      setQuantities({});
      setReason('');
      setOpen(false);
      setMade(result.data);
      await queryClient.invalidateQueries();
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
      {made && <ReturnDone made={made} orderId={order.order_id} orderMethod={order.payment_method} onClose={() => setMade(null)} />}
      {open && (
        <ConfirmDialog
          title={`Return goods of order ${order.order_number}`}
          confirm="Return and refund"
          dismiss="Go back"
          busy={busy}
          ready={shown.state === 'current'}
          onConfirm={() => void submit()}
          onClose={() => setOpen(false)}
        >
          <TableScroll label="Lines to return">
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
                  <th scope="col" className="num">
                    Refund
                  </th>
                </tr>
              </thead>
              <tbody>
                {order.items.map((item) => {
                  const refund = lineRefund(item.id);
                  return (
                    <tr key={item.id}>
                      <th scope="row">{item.product_name}</th>
                      <td className="num">{format.quantity(item.quantity)}</td>
                      <td className="num">{format.quantity(item.returned_quantity)}</td>
                      <td>
                        <input
                          aria-label={`Quantity of ${item.product_name} to return`}
                          aria-invalid={invalid.includes(item.id) || undefined}
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
                      <td className="num">{refund === undefined ? '' : format.money(refund)}</td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </TableScroll>
          {invalid.length > 0 && (
            <p role="alert" className="field-error">
              A quantity is a number with at most 3 decimals.
            </p>
          )}
          <ReturnQuoteView shown={shown} orderMethod={order.payment_method} />
          <p>
            <label htmlFor="return-reason">Reason</label> <input id="return-reason" value={reason} onChange={(e) => setReason(e.target.value)} />
          </p>
          {error !== null && <ErrorView error={error} />}
        </ConfirmDialog>
      )}
    </>
  );
}
