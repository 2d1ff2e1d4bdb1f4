import { Link } from '@tanstack/react-router';
import { $api } from '../../api/client';
import { useFormat } from '../../frame/business';
import { useUrlState } from '../../frame/use-url-state';
import { pageNumber } from '../../lib/url-state';
import { Pager } from '../../ui/Pager';
import { QueryState } from '../../ui/States';
import { TableScroll } from '../../ui/list/ListPage';

/** The customer's orders (GET /orders?customer_id=), newest first, paged, the page in the URL (`?orders_page=`). */
export function CustomerOrders({ customerId }: { customerId: string }) {
  const [state, set] = useUrlState({ orders_page: '1' });
  const format = useFormat();
  const orders = $api.useQuery('get', '/api/v1/orders', {
    params: { query: { customer_id: customerId, page: pageNumber(state.orders_page), per_page: 20 } },
  });
  return (
    <section aria-labelledby="orders-title">
      <h2 id="orders-title">Orders</h2>
      <QueryState query={orders} what="the orders" isEmpty={(body) => body.data.length === 0} empty="No orders yet.">
        {(body) => (
          <>
            <TableScroll label="Orders of this customer">
              <table>
                <caption className="sr-only">Orders of this customer</caption>
                <thead>
                  <tr>
                    <th scope="col">Number</th>
                    <th scope="col">Date</th>
                    <th scope="col">Status</th>
                    <th scope="col" className="num">
                      Points earned
                    </th>
                    <th scope="col" className="num">
                      Total
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {body.data.map((o) => (
                    <tr key={o.order_id}>
                      <td>
                        <Link to={`/orders/${o.order_id}`}>{o.order_number}</Link>
                      </td>
                      <td>{format.dateTime(o.created_at)}</td>
                      <td>{o.status}</td>
                      <td className="num">{format.quantity(o.loyalty_points_earned)}</td>
                      <td className="num">{format.money(o.total)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableScroll>
            <Pager meta={body.meta} what="orders" onPage={(page) => set({ orders_page: String(page) })} />
          </>
        )}
      </QueryState>
    </section>
  );
}
