import { Link } from '@tanstack/react-router';
import { $api, api } from '../../api/client';
import { useFormat } from '../../frame/business';
import { useUrlState } from '../../frame/use-url-state';
import { pageNumber } from '../../lib/url-state';
import { withoutPaging } from '../../api/files';
import { DownloadCsv } from '../../ui/DownloadCsv';
import { Page } from '../../ui/Page';
import { Pager } from '../../ui/Pager';
import { QueryState } from '../../ui/States';
import { CustomerFilter } from './CustomerFilter';
import { STATUSES, statusLabel, type OrderStatus } from './status';

const DEFAULTS = { status: '', customer: '', from: '', to: '', page: '1' };

/** docs/api.md 16's Orders: the list, filtered by status, customer and dates, paged, all in the URL. */
export default function OrdersPage() {
  const [state, set] = useUrlState(DEFAULTS);
  const format = useFormat();
  const query = {
    page: pageNumber(state.page),
    ...(state.status ? { status: state.status as OrderStatus } : {}),
    ...(state.customer ? { customer_id: state.customer } : {}),
    ...(state.from ? { from: state.from } : {}),
    ...(state.to ? { to: state.to } : {}),
  };
  const orders = $api.useQuery('get', '/api/v1/orders', { params: { query } });

  return (
    <Page title="Orders">
      <div className="filters" role="search" aria-label="Filter orders">
        <div>
          <label htmlFor="status">Status</label>
          <select id="status" value={state.status} onChange={(e) => set({ status: e.target.value })}>
            <option value="">Any status</option>
            {STATUSES.map((status) => (
              <option key={status} value={status}>
                {statusLabel(status)}
              </option>
            ))}
          </select>
        </div>
        <CustomerFilter customerId={state.customer} onChange={(customer) => set({ customer })} />
        <div>
          <label htmlFor="from">From</label>
          <input id="from" type="date" value={state.from} onChange={(e) => set({ from: e.target.value })} />
        </div>
        <div>
          <label htmlFor="to">To</label>
          <input id="to" type="date" value={state.to} onChange={(e) => set({ to: e.target.value })} />
        </div>
      </div>
      <DownloadCsv
        what="orders"
        fallback="orders.csv"
        download={() => api.GET('/api/v1/orders/export', { params: { query: withoutPaging(query) }, parseAs: 'blob' })}
      />
      <QueryState query={orders} what="orders" isEmpty={(body) => body.data.length === 0} empty="No orders match these filters.">
        {(body) => (
          <>
            <table aria-label="Orders">
              <thead>
                <tr>
                  <th scope="col">Order</th>
                  <th scope="col">Date</th>
                  <th scope="col">Status</th>
                  <th scope="col">Payment</th>
                  <th scope="col">Invoice</th>
                  <th scope="col" className="num">
                    Total
                  </th>
                  <th scope="col" className="num">
                    Refunded
                  </th>
                </tr>
              </thead>
              <tbody>
                {body.data.map((order) => (
                  <tr key={order.order_id}>
                    <th scope="row">
                      <Link to="/orders/$orderId" params={{ orderId: order.order_id }}>
                        {order.order_number}
                      </Link>
                    </th>
                    <td>{format.dateTime(order.created_at)}</td>
                    <td>{statusLabel(order.status)}</td>
                    <td>{order.payment_method.replace('_', ' ')}</td>
                    <td>{order.invoice_number ?? ''}</td>
                    <td className="num">{format.money(order.total)}</td>
                    <td className="num">{format.money(order.refunded_amount)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            <Pager meta={body.meta} what="orders" onPage={(page) => set({ page: String(page) })} />
          </>
        )}
      </QueryState>
    </Page>
  );
}
