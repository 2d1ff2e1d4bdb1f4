import type { components } from '../../../../test/generated/openapi';
import { $api } from '../../api/client';
import { useFormat } from '../../frame/business';
import { TableScroll } from '../../ui/list/ListPage';
import { QueryState } from '../../ui/States';

type Order = components['schemas']['OrderJson'];

/** The order's returns (GET /orders/:id/returns, up to 100: an order has at most as many as it has lines to return) and their credit notes. */
export function OrderReturns({ order }: { order: Order }) {
  const format = useFormat();
  const returns = $api.useQuery('get', '/api/v1/orders/{id}/returns', { params: { path: { id: order.order_id }, query: { per_page: 100 } } });
  return (
    <section aria-labelledby="returns-title">
      <h2 id="returns-title">Returns and credit notes</h2>
      <QueryState query={returns} what="the returns" isEmpty={(body) => body.data.length === 0} empty="Nothing returned.">
        {(body) => (
          <TableScroll label="Returns and credit notes">
            <table>
              <thead>
                <tr>
                  <th scope="col">Return</th>
                  <th scope="col">Date</th>
                  <th scope="col">Credit note</th>
                  <th scope="col" className="num">
                    Items
                  </th>
                  <th scope="col" className="num">
                    Points reversed
                  </th>
                  <th scope="col" className="num">
                    Refund
                  </th>
                </tr>
              </thead>
              <tbody>
                {body.data.map((r) => (
                  <tr key={r.id}>
                    <th scope="row">{r.return_number}</th>
                    <td>{format.dateTime(r.created_at)}</td>
                    <td>{r.credit_note_number ?? 'None'}</td>
                    <td className="num">{r.items.length}</td>
                    <td className="num">{format.quantity(r.points_reversed)}</td>
                    <td className="num">{format.money(r.total)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        )}
      </QueryState>
    </section>
  );
}
