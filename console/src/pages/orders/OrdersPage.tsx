import { Link } from '@tanstack/react-router';
import type { components, paths } from '../../../../test/generated/openapi';
import { $api, api } from '../../api/client';
import { withoutPaging } from '../../api/files';
import { useFormat } from '../../frame/business';
import { useUrlState } from '../../frame/use-url-state';
import { listQuery } from '../../lib/list-query';
import { Page } from '../../ui/Page';
import { DateFilter, ListView, SelectFilter, type Column } from '../../ui/list/ListPage';
import { CustomerFilter } from './CustomerFilter';
import { OrderFinder } from './OrderFinder';
import { STATUSES, statusLabel } from './status';

type Order = components['schemas']['OrderJson'];
type OrdersQuery = NonNullable<paths['/api/v1/orders']['get']['parameters']['query']>;

const DEFAULTS = { status: '', customer: '', from: '', to: '', page: '1' };
const FILTERS = { status: 'status', customer: 'customer_id', from: 'from', to: 'to' };
const STATUS_OPTIONS = STATUSES.map((status) => ({ value: status, label: statusLabel(status) }));

/** docs/api.md 16's Orders: an order found by its number or its receipt's scan (OrderFinder); the list, filtered by status, customer and dates, paged, all in the URL (ui/list). */
export default function OrdersPage() {
  const [state, set] = useUrlState(DEFAULTS);
  const format = useFormat();
  const query = listQuery(state, FILTERS) as OrdersQuery;
  const orders = $api.useQuery('get', '/api/v1/orders', { params: { query } });
  const columns: Column<Order>[] = [
    {
      header: 'Order',
      rowHeader: true,
      cell: (order) => (
        <Link to="/orders/$orderId" params={{ orderId: order.order_id }}>
          {order.order_number}
        </Link>
      ),
    },
    { header: 'Date', cell: (order) => format.dateTime(order.created_at) },
    { header: 'Status', cell: (order) => statusLabel(order.status) },
    { header: 'Payment', cell: (order) => order.payment_method.replace('_', ' ') },
    { header: 'Invoice', cell: (order) => order.invoice_number ?? '' },
    { header: 'Total', num: true, cell: (order) => format.money(order.total) },
    { header: 'Refunded', num: true, cell: (order) => format.money(order.refunded_amount) },
  ];

  return (
    <Page title="Orders">
      <OrderFinder />
      <ListView
        what="orders"
        caption="Orders"
        query={orders}
        columns={columns}
        rowKey={(order) => order.order_id}
        empty="No orders match these filters."
        onPage={(page) => set({ page: String(page) })}
        filters={
          <>
            <SelectFilter id="status" label="Status" any="Any status" value={state.status} options={STATUS_OPTIONS} onChange={(status) => set({ status })} />
            <CustomerFilter customerId={state.customer} onChange={(customer) => set({ customer })} />
            <DateFilter id="from" label="From" value={state.from} onChange={(from) => set({ from })} />
            <DateFilter id="to" label="To" value={state.to} onChange={(to) => set({ to })} />
          </>
        }
        csv={{ fallback: 'orders.csv', download: () => api.GET('/api/v1/orders/export', { params: { query: withoutPaging(query) }, parseAs: 'blob' }) }}
      />
    </Page>
  );
}
