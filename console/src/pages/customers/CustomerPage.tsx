import { Link } from '@tanstack/react-router';
import { $api } from '../../api/client';
import { useFormat } from '../../frame/business';
import { usePathParam } from '../../frame/use-path-param';
import { useMay } from '../../frame/use-scopes';
import { Page } from '../../ui/Page';
import { QueryState } from '../../ui/States';
import '../../ui/part2-forms.css';
import { CustomerOrders } from './CustomerOrders';
import { LoyaltyHistory } from './LoyaltyHistory';
import { RedeemPoints } from './RedeemPoints';

/** One customer (docs/api.md 16): totals, orders, loyalty balance and history, Redeem points. */
export default function CustomerPage() {
  const customerId = usePathParam('customerId');
  const format = useFormat();
  const customer = $api.useQuery('get', '/api/v1/customers/{id}', { params: { path: { id: customerId } } });
  const mayReadOrders = useMay('customerOrders');
  const balance = $api.useQuery('get', '/api/v1/loyalty/{customer_id}', { params: { path: { customer_id: customerId } } });

  return (
    <Page title="Customers">
      <p>
        <Link to="/customers">All customers</Link>
      </p>
      <QueryState query={customer} what="the customer">
        {({ data: c }) => (
          <>
            <h2>{c.name ?? c.email ?? c.phone ?? 'Unnamed customer'}</h2>
            <dl className="facts">
              <dt>Email</dt>
              <dd>{c.email ?? '—'}</dd>
              <dt>Phone</dt>
              <dd>{c.phone ?? '—'}</dd>
              <dt>Orders</dt>
              <dd>{format.quantity(c.total_orders)}</dd>
              <dt>Total spent</dt>
              <dd>{format.money(c.total_spent)}</dd>
              <dt>Last purchase</dt>
              <dd>{c.last_purchase_date ? format.dateTime(c.last_purchase_date) : 'Never'}</dd>
              <dt>Customer since</dt>
              <dd>{format.dateTime(c.created_at)}</dd>
              {c.notes && (
                <>
                  <dt>Notes</dt>
                  <dd>{c.notes}</dd>
                </>
              )}
            </dl>
          </>
        )}
      </QueryState>

      <section aria-labelledby="loyalty-title">
        <h2 id="loyalty-title">Loyalty</h2>
        <QueryState query={balance} what="the loyalty balance">
          {(b) => (
            <dl className="facts">
              <dt>Balance</dt>
              <dd data-testid="loyalty-balance">{format.quantity(b.balance)} points</dd>
              <dt>Earned in all</dt>
              <dd>{format.quantity(b.lifetime_earned)} points</dd>
              <dt>Redeemed in all</dt>
              <dd>{format.quantity(b.lifetime_redeemed)} points</dd>
            </dl>
          )}
        </QueryState>
        <RedeemPoints customerId={customerId} />
        <LoyaltyHistory customerId={customerId} />
      </section>

      {mayReadOrders && <CustomerOrders customerId={customerId} />}
    </Page>
  );
}
