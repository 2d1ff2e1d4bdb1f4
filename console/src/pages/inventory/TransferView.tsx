import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { $api, api } from '../../api/client';
import { dataOrThrow } from '../../api/errors';
import { useFormat } from '../../frame/business';
import { ErrorView } from '../../ui/ErrorView';
import { QueryState } from '../../ui/States';
import { AlertDialog } from '../../ui/AlertDialog';
import { nameOf, useProductsById, useWarehouses } from './common/lookups';
import { attemptKey, COUNTED, parseNumber } from './common/numbers';
import { TableScroll } from '../../ui/list/ListPage';

type Transfer = NonNullable<ReturnType<typeof useTransfer>['data']>['data'];

function useTransfer(id: string) {
  return $api.useQuery('get', '/api/v1/stock/transfers/{id}', { params: { path: { id } } });
}

/** A transfer's page: its lines (shipped, received, lost as the API reports them), Receive all or part, Cancel. */
export function TransferView({ id }: { id: string }) {
  const query = useTransfer(id);
  return (
    <>
      <p>
        <Link to="/inventory/transfers">All transfers</Link>
      </p>
      <QueryState query={query} what="the transfer">
        {(body) => <TransferDetails transfer={body.data} />}
      </QueryState>
    </>
  );
}

function TransferDetails({ transfer }: { transfer: Transfer }) {
  const format = useFormat();
  const queryClient = useQueryClient();
  const warehouses = useWarehouses();
  const names = new Map((warehouses.data?.data ?? []).map((w) => [w.id, w]));
  const products = useProductsById(transfer.items.map((i) => i.product_id));
  const open = transfer.status === 'in_transit';
  const [received, setReceived] = useState<string[]>(() => transfer.items.map((i) => String(i.quantity)));
  const [problem, setProblem] = useState('');
  const [confirming, setConfirming] = useState<'receive' | 'cancel' | null>(null);
  const [pending, setPending] = useState<{ product_id: string; quantity: number }[] | null>(null);

  const done = () => void queryClient.invalidateQueries();
  const receive = useMutation({
    mutationFn: async (items: { product_id: string; quantity: number }[]) =>
      dataOrThrow(
        await api.POST('/api/v1/stock/transfers/{id}/receive', {
          params: { path: { id: transfer.id } },
          body: { items },
          headers: { 'Idempotency-Key': attemptKey() },
        }),
      ).data,
    onSuccess: done,
  });
  const cancel = useMutation({
    mutationFn: async () =>
      dataOrThrow(
        await api.POST('/api/v1/stock/transfers/{id}/cancel', { params: { path: { id: transfer.id } }, headers: { 'Idempotency-Key': attemptKey() } }),
      ).data,
    onSuccess: done,
  });

  function submit(e: FormEvent) {
    e.preventDefault();
    const items = [];
    let partial = false;
    for (const [i, item] of transfer.items.entries()) {
      const q = parseNumber(received[i] ?? '', COUNTED);
      if ('problem' in q) return setProblem(`Received of ${nameOf(products, item.product_id)}: ${q.problem}`);
      if (q.value !== Number(item.quantity)) partial = true;
      items.push({ product_id: item.product_id, quantity: q.value });
    }
    setProblem('');
    if (partial) {
      setPending(items);
      setConfirming('receive');
    } else receive.mutate(items);
  }

  return (
    <section aria-labelledby="transfer-title">
      <h2 id="transfer-title">Transfer {transfer.transfer_number}</h2>
      <dl className="facts">
        <dt>Status</dt>
        <dd>{transfer.status.replace('_', ' ')}</dd>
        <dt>From</dt>
        <dd>{nameOf(names, transfer.from_warehouse_id)}</dd>
        <dt>To</dt>
        <dd>{nameOf(names, transfer.to_warehouse_id)}</dd>
        <dt>Created</dt>
        <dd>{format.dateTime(transfer.created_at)}</dd>
        {transfer.received_at && (
          <>
            <dt>Received</dt>
            <dd>{format.dateTime(transfer.received_at)}</dd>
          </>
        )}
        {transfer.cancelled_at && (
          <>
            <dt>Cancelled</dt>
            <dd>{format.dateTime(transfer.cancelled_at)}</dd>
          </>
        )}
        {transfer.notes && (
          <>
            <dt>Notes</dt>
            <dd>{transfer.notes}</dd>
          </>
        )}
      </dl>
      <form onSubmit={submit} noValidate>
        <TableScroll label={`Lines of transfer ${transfer.transfer_number}`}>
          <table>
            <caption className="sr-only">Lines of transfer {transfer.transfer_number}</caption>
            <thead>
              <tr>
                <th scope="col">Product</th>
                <th scope="col" className="num">
                  Shipped
                </th>
                <th scope="col" className="num">
                  Received
                </th>
                <th scope="col" className="num">
                  Lost
                </th>
                {open && <th scope="col">Quantity arrived</th>}
              </tr>
            </thead>
            <tbody>
              {transfer.items.map((item, i) => (
                <tr key={`${item.product_id}-${i}`}>
                  <td>{nameOf(products, item.product_id)}</td>
                  <td className="num">{format.quantity(item.quantity)}</td>
                  <td className="num">{format.quantity(item.received_quantity)}</td>
                  <td className="num">{format.quantity(item.lost_quantity)}</td>
                  {open && (
                    <td>
                      <input
                        aria-label={`Arrived of ${nameOf(products, item.product_id)}`}
                        inputMode="decimal"
                        value={received[i] ?? ''}
                        onChange={(e) => setReceived((r) => r.map((v, j) => (j === i ? e.target.value : v)))}
                      />
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
        {open && (
          <p>
            <button type="submit" disabled={receive.isPending}>
              Receive
            </button>{' '}
            <button type="button" disabled={cancel.isPending} onClick={() => setConfirming('cancel')}>
              Cancel transfer
            </button>
          </p>
        )}
      </form>
      {problem && (
        <p role="alert" className="problem">
          {problem}
        </p>
      )}
      {receive.error && <ErrorView error={receive.error} />}
      {cancel.error && <ErrorView error={cancel.error} />}
      {receive.data && <p role="status">Transfer {receive.data.transfer_number} received.</p>}
      {cancel.data && <p role="status">Transfer {cancel.data.transfer_number} cancelled: the stock is back in the source warehouse.</p>}
      {confirming === 'receive' && (
        <AlertDialog
          title="Receive part of the transfer?"
          confirmLabel="Receive and record the rest as lost"
          closeLabel="Keep it"
          onConfirm={() => {
            if (pending) receive.mutate(pending);
            setConfirming(null);
          }}
          onClose={() => setConfirming(null)}
        >
          <p>Less arrived than was shipped on some lines. What was shipped and not received is recorded as lost; this cannot be undone.</p>
        </AlertDialog>
      )}
      {confirming === 'cancel' && (
        <AlertDialog
          title={`Cancel transfer ${transfer.transfer_number}?`}
          confirmLabel="Cancel transfer"
          closeLabel="Keep it"
          onConfirm={() => {
            cancel.mutate();
            setConfirming(null);
          }}
          onClose={() => setConfirming(null)}
        >
          <p>The shipped stock goes back to {nameOf(names, transfer.from_warehouse_id)}. This cannot be undone.</p>
        </AlertDialog>
      )}
    </section>
  );
}
