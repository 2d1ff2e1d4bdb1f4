import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useId, useState, type FormEvent } from 'react';
import { $api, api } from '../../api/client';
import { dataOrThrow } from '../../api/errors';
import { useFormat } from '../../frame/business';
import { useUrlState } from '../../frame/use-url-state';
import { pageNumber } from '../../lib/url-state';
import { ErrorView } from '../../ui/ErrorView';
import { QueryState } from '../../ui/States';
import { nameOf, useWarehouses } from './common/lookups';
import { attemptKey, parseNumber, QUANTITY } from './common/numbers';
import { Pager } from '../../ui/Pager';
import { ProductLine, ProductLines } from './common/ProductLines';
import { ProductPicker } from './common/ProductPicker';
import { WarehouseSelect } from './common/WarehouseSelect';
import { TableScroll } from '../../ui/list/ListPage';

const STATUSES = ['in_transit', 'received', 'cancelled'] as const;
type Status = (typeof STATUSES)[number];

/** Transfers between warehouses: the list (status filter, paged, in the URL) and a form to create one. */
export function Transfers() {
  return (
    <>
      <NewTransfer />
      <TransferList />
    </>
  );
}

function TransferList() {
  const ids = { status: useId(), from: useId(), to: useId() };
  const [state, set] = useUrlState({ page: '1', status: '', from: '', to: '' });
  const format = useFormat();
  const warehouses = useWarehouses();
  const names = new Map((warehouses.data?.data ?? []).map((w) => [w.id, w]));
  const query = $api.useQuery('get', '/api/v1/stock/transfers', {
    params: {
      query: {
        page: pageNumber(state.page),
        per_page: 20,
        ...(state.status ? { status: state.status as Status } : {}),
        ...(state.from ? { from: state.from } : {}),
        ...(state.to ? { to: state.to } : {}),
      },
    },
  });
  return (
    <section aria-labelledby="transfers-title">
      <h2 id="transfers-title">Transfers</h2>
      <span className="field">
        <label htmlFor={ids.status}>Status</label>
        <select id={ids.status} value={state.status} onChange={(e) => set({ status: e.target.value })}>
          <option value="">Any status</option>
          {STATUSES.map((s) => (
            <option key={s} value={s}>
              {s.replace('_', ' ')}
            </option>
          ))}
        </select>
      </span>
      <span className="field">
        <label htmlFor={ids.from}>Created from</label>
        <input id={ids.from} type="date" value={state.from} onChange={(e) => set({ from: e.target.value })} />
      </span>
      <span className="field">
        <label htmlFor={ids.to}>Created to</label>
        <input id={ids.to} type="date" value={state.to} onChange={(e) => set({ to: e.target.value })} />
      </span>
      <QueryState query={query} what="the transfers" isEmpty={(b) => b.data.length === 0} empty="No transfers match.">
        {(body) => (
          <>
            <TableScroll label="Transfers">
              <table>
                <thead>
                  <tr>
                    <th scope="col">Number</th>
                    <th scope="col">From</th>
                    <th scope="col">To</th>
                    <th scope="col">Status</th>
                    <th scope="col" className="num">
                      Lines
                    </th>
                    <th scope="col">Created</th>
                  </tr>
                </thead>
                <tbody>
                  {body.data.map((t) => (
                    <tr key={t.id}>
                      <td>
                        <Link to={`/inventory/transfers/${t.id}`}>{t.transfer_number}</Link>
                      </td>
                      <td>{nameOf(names, t.from_warehouse_id)}</td>
                      <td>{nameOf(names, t.to_warehouse_id)}</td>
                      <td>{t.status.replace('_', ' ')}</td>
                      <td className="num">{t.items.length}</td>
                      <td>{format.dateTime(t.created_at)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableScroll>
            <Pager what="transfers" meta={body.meta} onPage={(page) => set({ page: String(page) })} />
          </>
        )}
      </QueryState>
    </section>
  );
}

type Line = ProductLine<'quantity'>;

function NewTransfer() {
  const notesId = useId();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [lines, setLines] = useState<Line[]>([]);
  const [notes, setNotes] = useState('');
  const [problem, setProblem] = useState('');
  const create = useMutation({
    mutationFn: async (body: { from_warehouse_id: string; to_warehouse_id: string; items: { product_id: string; quantity: number }[]; notes?: string }) =>
      dataOrThrow(await api.POST('/api/v1/stock/transfers', { body, headers: { 'Idempotency-Key': attemptKey() } })).data,
    onSuccess: (transfer) => {
      void queryClient.invalidateQueries();
      void navigate({ to: `/inventory/transfers/${transfer.id}` });
    },
  });

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!from || !to) return setProblem('Choose both warehouses.');
    if (from === to) return setProblem('The two warehouses must differ.');
    if (lines.length === 0) return setProblem('Add at least one product.');
    const items = [];
    for (const line of lines) {
      const q = parseNumber(line.quantity, QUANTITY);
      if ('problem' in q) return setProblem(`Quantity of ${line.product.name}: ${q.problem}`);
      items.push({ product_id: line.product.id, quantity: q.value });
    }
    setProblem('');
    create.mutate({ from_warehouse_id: from, to_warehouse_id: to, items, ...(notes.trim() ? { notes: notes.trim() } : {}) });
  }

  return (
    <section aria-labelledby="new-transfer-title" className="form-box">
      <h2 id="new-transfer-title">New transfer</h2>
      <form onSubmit={submit} noValidate>
        <WarehouseSelect label="From warehouse" value={from} onChange={setFrom} />
        <WarehouseSelect label="To warehouse" value={to} onChange={setTo} />
        <ProductPicker
          label="Add a product to the transfer"
          onPick={(product) => setLines((ls) => (ls.some((l) => l.product.id === product.id) ? ls : [...ls, { product, quantity: '1' }]))}
        />
        {lines.length > 0 && <ProductLines caption="Lines of the new transfer" columns={{ quantity: 'Quantity' }} lines={lines} onChange={setLines} />}
        <span className="field">
          <label htmlFor={notesId}>Notes</label>
          <input id={notesId} value={notes} onChange={(e) => setNotes(e.target.value)} />
        </span>
        <p>
          <button type="submit" disabled={create.isPending}>
            Create transfer
          </button>
        </p>
        {problem && (
          <p role="alert" className="problem">
            {problem}
          </p>
        )}
        {create.error && <ErrorView error={create.error} />}
      </form>
    </section>
  );
}
