import { Link, useParams } from '@tanstack/react-router';
import { $api } from '../../api/client';
import { useFormat } from '../../frame/business';
import { soldByText } from '../../api/staff';
import { useMay } from '../../frame/use-scopes';
import { History } from '../../ui/activity/History';
import { Page } from '../../ui/Page';
import { QueryState } from '../../ui/States';
import { CancelOrder } from './CancelOrder';
import { OrderLines } from './OrderLines';
import { OrderReturns } from './OrderReturns';
import { ReturnOrder } from './ReturnOrder';
import { statusLabel } from './status';

/** One order (reached from the list or by its URL): lines, totals, customer, invoice, returns and credit notes, Cancel order and Return. */
export default function OrderPage() {
  const params: Record<string, string | undefined> = useParams({ strict: false });
  const id = params.orderId ?? '';
  const order = $api.useQuery('get', '/api/v1/orders/{id}', { params: { path: { id } } });
  const format = useFormat();
  const mayChange = useMay('cancelOrder');
  const mayReadHistory = useMay('orderHistory');
  const title = order.data ? `Order ${order.data.data.order_number}` : 'Order';

  return (
    <Page title={title}>
      <p>
        <Link to="/orders">All orders</Link>
      </p>
      <QueryState query={order} what="the order">
        {({ data }) => {
          const open = data.status === 'completed' || data.status === 'partially_returned';
          return (
            <>
              <dl className="figures">
                <div>
                  <dt>Status</dt>
                  <dd>{statusLabel(data.status)}</dd>
                </div>
                <div>
                  <dt>Date</dt>
                  <dd>{format.dateTime(data.created_at)}</dd>
                </div>
                <div>
                  <dt>Payment</dt>
                  <dd>{data.payment_method.replace('_', ' ')}</dd>
                </div>
                <div>
                  <dt>Customer</dt>
                  <dd>{data.customer_id ? <CustomerName id={data.customer_id} /> : 'None'}</dd>
                </div>
                <div>
                  <dt>Invoice</dt>
                  <dd>{data.invoice_number ?? 'None'}</dd>
                </div>
                <div>
                  <dt>Points earned</dt>
                  <dd>{format.quantity(data.loyalty_points_earned)}</dd>
                </div>
                {soldByText(data) && (
                  <div>
                    <dt>Sold by</dt>
                    <dd>{soldByText(data)}</dd>
                  </div>
                )}
              </dl>
              {open && mayChange && (
                <div className="actions">
                  <ReturnOrder order={data} /> <CancelOrder order={data} />
                </div>
              )}
              <OrderLines order={data} />
              <OrderReturns order={data} />
              {mayReadHistory && <History path={`/orders/${data.order_id}/activity`} what="order" />}
            </>
          );
        }}
      </QueryState>
    </Page>
  );
}

function CustomerName({ id }: { id: string }) {
  const customer = $api.useQuery('get', '/api/v1/customers/{id}', { params: { path: { id } } });
  const c = customer.data?.data;
  if (!c) return <>{customer.error ? 'Unknown customer' : 'Loading…'}</>;
  return <>{[c.name, c.email, c.phone].filter(Boolean).join(', ')}</>;
}
