import { Link } from '@tanstack/react-router';
import type { components } from '../../../../test/generated/openapi';
import { soldByText } from '../../api/staff';
import { useFormat } from '../../frame/business';

type Order = components['schemas']['OrderJson'];

/** The order just placed: its number, total, points earned and invoice number, as the API answered. */
export function SaleResult({ order }: { order: Order }) {
  const format = useFormat();
  return (
    <section className="result" aria-labelledby="result-title">
      <h2 id="result-title" tabIndex={-1}>
        Order {order.order_number} placed
      </h2>
      <dl className="figures">
        <div>
          <dt>Order number</dt>
          <dd>{order.order_number}</dd>
        </div>
        <div>
          <dt>Total</dt>
          <dd>{format.money(order.total)}</dd>
        </div>
        <div>
          <dt>Points earned</dt>
          <dd>{format.quantity(order.loyalty_points_earned)}</dd>
        </div>
        <div>
          <dt>Invoice</dt>
          <dd>{order.invoice_number ?? 'None'}</dd>
        </div>
        {soldByText(order) && (
          <div>
            <dt>Sold by</dt>
            <dd>{soldByText(order)}</dd>
          </div>
        )}
      </dl>
      <p>
        <Link to="/orders/$orderId" params={{ orderId: order.order_id }}>
          Open order {order.order_number}
        </Link>
      </p>
    </section>
  );
}
