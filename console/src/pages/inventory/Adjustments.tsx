import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { $api, api } from '../../api/client';
import { dataOrThrow } from '../../api/errors';
import { useFormat } from '../../frame/business';
import { useUrlState } from '../../frame/use-url-state';
import { pageNumber } from '../../lib/url-state';
import { ErrorView } from '../../ui/ErrorView';
import { QueryState } from '../../ui/States';
import { nameOf, useProductsById, useWarehouses, type Product } from './common/lookups';
import { attemptKey, parseNumber, SIGNED_QUANTITY } from './common/numbers';
import { Pager } from '../../ui/Pager';
import { ProductPicker } from './common/ProductPicker';
import { WarehouseSelect } from './common/WarehouseSelect';
import { TableScroll } from '../../ui/list/ListPage';

const REASONS = ['restock', 'count', 'damage', 'return', 'other'] as const;
type Reason = (typeof REASONS)[number];

/** Stock adjustments: the form (product, warehouse, quantity ±, reason, note) and the latest adjustments, paged. */
export function Adjustments() {
  return (
    <>
      <AdjustmentForm />
      <AdjustmentList />
    </>
  );
}

function AdjustmentForm() {
  const ids = { qty: useId(), reason: useId(), note: useId() };
  const queryClient = useQueryClient();
  const format = useFormat();
  const [product, setProduct] = useState<Product | null>(null);
  const [warehouse, setWarehouse] = useState('');
  const [quantity, setQuantity] = useState('');
  const [reason, setReason] = useState<Reason>('restock');
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState('');
  const adjust = useMutation({
    mutationFn: async (body: { product_id: string; warehouse_id?: string; quantity: number; reason: Reason; note?: string }) =>
      dataOrThrow(await api.POST('/api/v1/stock/adjustments', { body, headers: { 'Idempotency-Key': attemptKey() } })).data,
    onSuccess: () => {
      setQuantity('');
      setNote('');
      void queryClient.invalidateQueries();
    },
  });

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!product) return setProblem('Choose a product first.');
    const q = parseNumber(quantity, SIGNED_QUANTITY);
    if ('problem' in q) return setProblem(`Quantity: ${q.problem}`);
    setProblem('');
    adjust.mutate({
      product_id: product.id,
      ...(warehouse ? { warehouse_id: warehouse } : {}),
      quantity: q.value,
      reason,
      ...(note.trim() ? { note: note.trim() } : {}),
    });
  }

  return (
    <section aria-labelledby="adjust-title" className="form-box">
      <h2 id="adjust-title">Adjust stock</h2>
      <form onSubmit={submit} noValidate>
        {product ? (
          <p>
            Product: <strong>{product.name}</strong> ({product.sku}), stock {format.quantity(product.stock)}{' '}
            <button type="button" onClick={() => setProduct(null)}>
              Change product
            </button>
          </p>
        ) : (
          <ProductPicker label="Product to adjust" action="Choose" onPick={setProduct} />
        )}
        <WarehouseSelect label="Warehouse" value={warehouse} onChange={setWarehouse} allowDefault />
        <span className="field">
          <label htmlFor={ids.qty}>Quantity (negative takes stock out)</label>
          <input id={ids.qty} inputMode="decimal" value={quantity} onChange={(e) => setQuantity(e.target.value)} />
        </span>
        <span className="field">
          <label htmlFor={ids.reason}>Reason</label>
          <select id={ids.reason} value={reason} onChange={(e) => setReason(e.target.value as Reason)}>
            {REASONS.map((r) => (
              <option key={r} value={r}>
                {r}
              </option>
            ))}
          </select>
        </span>
        <span className="field">
          <label htmlFor={ids.note}>Note</label>
          <input id={ids.note} value={note} onChange={(e) => setNote(e.target.value)} />
        </span>
        <p>
          <button type="submit" disabled={adjust.isPending}>
            Adjust stock
          </button>
        </p>
        {problem && (
          <p role="alert" className="problem">
            {problem}
          </p>
        )}
        {adjust.error && <ErrorView error={adjust.error} />}
        {adjust.data && !adjust.isPending && (
          <p role="status">
            Adjusted {product?.name ?? ''} by {format.quantity(adjust.data.quantity)}: stock in that warehouse now {format.quantity(adjust.data.quantity_after)}
            .
          </p>
        )}
      </form>
    </section>
  );
}

function AdjustmentList() {
  const [state, set] = useUrlState({ page: '1', warehouse: '' });
  const format = useFormat();
  const warehouses = useWarehouses();
  const query = $api.useQuery('get', '/api/v1/stock/movements', {
    params: { query: { type: 'adjustment', page: pageNumber(state.page), per_page: 20, ...(state.warehouse ? { warehouse_id: state.warehouse } : {}) } },
  });
  const products = useProductsById(query.data?.data.map((m) => m.product_id) ?? []);
  const warehouseNames = new Map((warehouses.data?.data ?? []).map((w) => [w.id, w]));
  return (
    <section aria-labelledby="adjustments-title">
      <h2 id="adjustments-title">Latest adjustments</h2>
      <WarehouseSelect label="Filter by warehouse" value={state.warehouse} onChange={(warehouse) => set({ warehouse })} allowAll />
      <QueryState query={query} what="the adjustments" isEmpty={(b) => b.data.length === 0} empty="No adjustments yet.">
        {(body) => (
          <>
            <TableScroll label="Adjustments">
              <table>
                <thead>
                  <tr>
                    <th scope="col">When</th>
                    <th scope="col">Product</th>
                    <th scope="col">Warehouse</th>
                    <th scope="col" className="num">
                      Quantity
                    </th>
                    <th scope="col" className="num">
                      Stock after
                    </th>
                    <th scope="col">Reason</th>
                    <th scope="col">Note</th>
                  </tr>
                </thead>
                <tbody>
                  {body.data.map((m) => (
                    <tr key={m.id}>
                      <td>{format.dateTime(m.created_at)}</td>
                      <td>{nameOf(products, m.product_id)}</td>
                      <td>{nameOf(warehouseNames, m.warehouse_id)}</td>
                      <td className="num">{format.quantity(m.quantity)}</td>
                      <td className="num">{format.quantity(m.quantity_after)}</td>
                      <td>{m.reason ?? ''}</td>
                      <td>{m.note ?? ''}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableScroll>
            <Pager what="adjustments" meta={body.meta} onPage={(page) => set({ page: String(page) })} />
          </>
        )}
      </QueryState>
    </section>
  );
}
