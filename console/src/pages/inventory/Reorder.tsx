import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { $api, api } from '../../api/client';
import { dataOrThrow } from '../../api/errors';
import { useFormat } from '../../frame/business';
import { useUrlState } from '../../frame/use-url-state';
import { pageNumber } from '../../lib/url-state';
import { ErrorView } from '../../ui/ErrorView';
import { QueryState } from '../../ui/States';
import type { components } from '../../../../test/generated/openapi';
import { nameOf, useSuppliersById, type Supplier } from './common/lookups';
import { Pager } from '../../ui/Pager';
import { SupplierPicker } from './common/SupplierPicker';
import { groupBySupplier } from './common/reorder-groups';
import { TableScroll } from '../../ui/list/ListPage';

type Suggestion = components['schemas']['ReorderSuggestionJson'];
type PurchaseOrder = components['schemas']['PurchaseOrderJson'];

/**
 * Reorder suggestions (GET /stock/reorder-suggestions, paged, the page in the URL). The lines a user
 * selects (kept across pages) become ONE draft purchase order per supplier (POST /purchase-orders),
 * with the suggested quantity and the last unit cost received (0 when never received).
 */
export function Reorder() {
  const format = useFormat();
  const queryClient = useQueryClient();
  const [state, set] = useUrlState({ page: '1' });
  const query = $api.useQuery('get', '/api/v1/stock/reorder-suggestions', { params: { query: { page: pageNumber(state.page), per_page: 20 } } });
  const lastSuppliers = useSuppliersById((query.data?.data ?? []).flatMap((s) => (s.last_supplier_id ? [s.last_supplier_id] : [])));
  const [selected, setSelected] = useState<Map<string, Suggestion>>(new Map());
  const [fallback, setFallback] = useState<Supplier | null>(null);
  const [problem, setProblem] = useState('');
  const [created, setCreated] = useState<PurchaseOrder[]>([]);

  const create = useMutation({
    mutationFn: async (groups: Map<string, Suggestion[]>) => {
      const out: PurchaseOrder[] = [];
      for (const [supplier, lines] of groups) {
        const items = lines.map((l) => ({ product_id: l.product_id, quantity: Number(l.suggested_quantity), unit_cost: Number(l.last_unit_cost ?? 0) }));
        out.push(dataOrThrow(await api.POST('/api/v1/purchase-orders', { body: { supplier_id: supplier, items } })).data);
        setCreated([...out]);
      }
      return out;
    },
    onSuccess: () => {
      setSelected(new Map());
      void queryClient.invalidateQueries();
    },
  });

  function toggle(s: Suggestion, on: boolean) {
    setSelected((m) => {
      const next = new Map(m);
      if (on) next.set(s.product_id, s);
      else next.delete(s.product_id);
      return next;
    });
  }

  function createOrders() {
    const { groups, missing } = groupBySupplier([...selected.values()], fallback?.id ?? '');
    if (selected.size === 0) return setProblem('Select at least one line.');
    if (missing.length > 0) return setProblem(`Choose a supplier for the lines without a last supplier (${missing.map((m) => m.name).join(', ')}).`);
    setProblem('');
    setCreated([]);
    create.mutate(groups);
  }

  const createdSuppliers = useSuppliersById(created.map((po) => po.supplier_id));
  const supplierNames = new Map([...lastSuppliers, ...createdSuppliers, ...(fallback ? [[fallback.id, fallback] as const] : [])]);

  return (
    <section aria-labelledby="reorder-title">
      <h2 id="reorder-title">Reorder suggestions</h2>
      <p className="hint">Active products whose stock plus what is on order is below their minimum.</p>
      <QueryState
        query={query}
        what="the suggestions"
        isEmpty={(b) => b.data.length === 0}
        empty="Nothing to reorder: every product is at or above its minimum."
      >
        {(body) => (
          <>
            <TableScroll label="Reorder suggestions">
              <table>
                <thead>
                  <tr>
                    <th scope="col">
                      <span className="sr-only">Selected</span>
                    </th>
                    <th scope="col">Product</th>
                    <th scope="col">SKU</th>
                    <th scope="col" className="num">
                      Stock
                    </th>
                    <th scope="col" className="num">
                      On order
                    </th>
                    <th scope="col" className="num">
                      Minimum
                    </th>
                    <th scope="col" className="num">
                      Suggested
                    </th>
                    <th scope="col">Last supplier</th>
                    <th scope="col" className="num">
                      Last unit cost
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {body.data.map((s) => (
                    <tr key={s.product_id}>
                      <td>
                        <input
                          type="checkbox"
                          aria-label={`Select ${s.name}`}
                          checked={selected.has(s.product_id)}
                          onChange={(e) => toggle(s, e.target.checked)}
                        />
                      </td>
                      <td>{s.name}</td>
                      <td>{s.sku}</td>
                      <td className="num">{format.quantity(s.stock)}</td>
                      <td className="num">{format.quantity(s.on_order)}</td>
                      <td className="num">{format.quantity(s.min_stock)}</td>
                      <td className="num">{format.quantity(s.suggested_quantity)}</td>
                      <td>{s.last_supplier_id ? nameOf(supplierNames, s.last_supplier_id) : 'none yet'}</td>
                      <td className="num">{s.last_unit_cost === null ? '' : format.cost(s.last_unit_cost)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableScroll>
            <Pager what="suggestions" meta={body.meta} onPage={(page) => set({ page: String(page) })} />
          </>
        )}
      </QueryState>
      <div className="form-box">
        <p>{selected.size} line(s) selected.</p>
        <SupplierPicker label="Supplier for lines without a last supplier" chosen={fallback} onChoose={setFallback} />
        <p>
          <button type="button" onClick={createOrders} disabled={create.isPending}>
            Create draft purchase orders
          </button>
        </p>
        {problem && (
          <p role="alert" className="problem">
            {problem}
          </p>
        )}
        {create.error && <ErrorView error={create.error} />}
        {created.length > 0 && (
          <div role="status">
            <p>Draft purchase orders created:</p>
            <ul>
              {created.map((po) => (
                <li key={po.id}>
                  <Link to={`/purchasing/orders/${po.id}`}>{po.purchase_order_number}</Link> for {nameOf(supplierNames, po.supplier_id)}
                </li>
              ))}
            </ul>
          </div>
        )}
      </div>
    </section>
  );
}
