import { $api } from '../../api/client';
import { useFormat } from '../../frame/business';
import { useUrlState } from '../../frame/use-url-state';
import { pageNumber } from '../../lib/url-state';
import { Pager } from '../../ui/Pager';
import { QueryState } from '../../ui/States';
import { TableScroll } from '../../ui/list/ListPage';

/** A product's stock movements (GET /stock/movements?product_id=), newest first, paged in the URL (`?page=`). */
export function Movements({ productId }: { productId: string }) {
  const [state, set] = useUrlState({ page: '1' });
  const format = useFormat();
  const movements = $api.useQuery('get', '/api/v1/stock/movements', { params: { query: { product_id: productId, page: pageNumber(state.page) } } });
  return (
    <section aria-labelledby="movements-title">
      <h2 id="movements-title">Stock movements</h2>
      <QueryState query={movements} what="the stock movements" isEmpty={(body) => body.data.length === 0} empty="No stock movement yet.">
        {(body) => (
          <>
            <TableScroll label="Stock movements">
              <table aria-label="Stock movements">
                <thead>
                  <tr>
                    <th scope="col">Date</th>
                    <th scope="col">Type</th>
                    <th scope="col" className="num">
                      Quantity
                    </th>
                    <th scope="col" className="num">
                      After
                    </th>
                    <th scope="col">Reason</th>
                  </tr>
                </thead>
                <tbody>
                  {body.data.map((m) => (
                    <tr key={m.id}>
                      <td>{format.dateTime(m.created_at)}</td>
                      <td>{m.type}</td>
                      <td className="num">{format.quantity(m.quantity)}</td>
                      <td className="num">{format.quantity(m.quantity_after)}</td>
                      <td>{[m.reason, m.note].filter(Boolean).join(': ')}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableScroll>
            <Pager meta={body.meta} what="movements" onPage={(page) => set({ page: String(page) })} />
          </>
        )}
      </QueryState>
    </section>
  );
}
