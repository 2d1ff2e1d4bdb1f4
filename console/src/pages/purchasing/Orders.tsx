import { Link } from '@tanstack/react-router';
import { useId } from 'react';
import { $api } from '../../api/client';
import { useFormat } from '../../frame/business';
import { useUrlState } from '../../frame/use-url-state';
import { pageNumber } from '../../lib/url-state';
import { QueryState } from '../../ui/States';
import { nameOf, useSuppliersById } from '../inventory/common/lookups';
import { Pager } from '../../ui/Pager';
import { SupplierPicker } from '../inventory/common/SupplierPicker';
import { TableScroll } from '../../ui/list/ListPage';

export const PO_STATUSES = ['draft', 'ordered', 'partially_received', 'received', 'cancelled'] as const;
export type PoStatus = (typeof PO_STATUSES)[number];
export const statusText = (s: string) => s.replace('_', ' ');

/** Purchase orders: the list by status, supplier and creation dates (all in the URL, paged by the API). */
export function Orders() {
  const ids = { status: useId(), from: useId(), to: useId() };
  const [state, set] = useUrlState({ page: '1', status: '', supplier: '', from: '', to: '' });
  const format = useFormat();
  const query = $api.useQuery('get', '/api/v1/purchase-orders', {
    params: {
      query: {
        page: pageNumber(state.page),
        per_page: 20,
        ...(state.status ? { status: state.status as PoStatus } : {}),
        ...(state.supplier ? { supplier_id: state.supplier } : {}),
        ...(state.from ? { from: state.from } : {}),
        ...(state.to ? { to: state.to } : {}),
      },
    },
  });
  const names = useSuppliersById([...(query.data?.data.map((po) => po.supplier_id) ?? []), ...(state.supplier ? [state.supplier] : [])]);
  const filterSupplier = state.supplier ? (names.get(state.supplier) ?? { id: state.supplier, name: 'the supplier chosen' }) : null;
  return (
    <section aria-labelledby="orders-title">
      <h2 id="orders-title">Purchase orders</h2>
      <p>
        <Link to="/purchasing/orders/new">New purchase order</Link>
      </p>
      <div>
        <span className="field">
          <label htmlFor={ids.status}>Status</label>
          <select id={ids.status} value={state.status} onChange={(e) => set({ status: e.target.value })}>
            <option value="">Any status</option>
            {PO_STATUSES.map((s) => (
              <option key={s} value={s}>
                {statusText(s)}
              </option>
            ))}
          </select>
        </span>
        <SupplierPicker label="Supplier" chosen={filterSupplier} onChoose={(s) => set({ supplier: s?.id ?? '' })} none="Any supplier." />
        <span className="field">
          <label htmlFor={ids.from}>Created from</label>
          <input id={ids.from} type="date" value={state.from} onChange={(e) => set({ from: e.target.value })} />
        </span>
        <span className="field">
          <label htmlFor={ids.to}>Created to</label>
          <input id={ids.to} type="date" value={state.to} onChange={(e) => set({ to: e.target.value })} />
        </span>
      </div>
      <QueryState query={query} what="the purchase orders" isEmpty={(b) => b.data.length === 0} empty="No purchase orders match.">
        {(body) => (
          <>
            <TableScroll label="Purchase orders">
              <table>
                <thead>
                  <tr>
                    <th scope="col">Number</th>
                    <th scope="col">Supplier</th>
                    <th scope="col">Status</th>
                    <th scope="col" className="num">
                      Total
                    </th>
                    <th scope="col" className="num">
                      Paid
                    </th>
                    <th scope="col">Expected</th>
                    <th scope="col">Created</th>
                  </tr>
                </thead>
                <tbody>
                  {body.data.map((po) => (
                    <tr key={po.id}>
                      <td>
                        <Link to={`/purchasing/orders/${po.id}`}>{po.purchase_order_number}</Link>
                      </td>
                      <td>{nameOf(names, po.supplier_id)}</td>
                      <td>{statusText(po.status)}</td>
                      <td className="num">{format.money(po.total)}</td>
                      <td className="num">{format.money(po.paid_amount)}</td>
                      <td>{po.expected_date ? format.day(po.expected_date) : ''}</td>
                      <td>{format.dateTime(po.created_at)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableScroll>
            <Pager what="purchase orders" meta={body.meta} onPage={(page) => set({ page: String(page) })} />
          </>
        )}
      </QueryState>
    </section>
  );
}
