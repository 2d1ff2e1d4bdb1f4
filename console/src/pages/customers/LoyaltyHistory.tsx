import { $api } from '../../api/client';
import { useFormat } from '../../frame/business';
import { useUrlState } from '../../frame/use-url-state';
import { QueryState } from '../../ui/States';
import { TableScroll } from '../../ui/list/ListPage';

const LIMIT = 20;

/**
 * The loyalty history, newest first, LIMIT at a time (docs/api.md 6: `limit` and `before`, a bare
 * array). The cursor is in the URL (`?before=<transaction id>`), so Back returns to newer ones.
 */
export function LoyaltyHistory({ customerId }: { customerId: string }) {
  const [state, set] = useUrlState({ before: '' });
  const format = useFormat();
  const history = $api.useQuery('get', '/api/v1/loyalty/{customer_id}/history', {
    params: { path: { customer_id: customerId }, query: { limit: LIMIT, ...(state.before ? { before: state.before } : {}) } },
  });
  return (
    <>
      <h3 id="history-title">History</h3>
      <QueryState
        query={history}
        what="the loyalty history"
        isEmpty={(rows) => rows.length === 0}
        empty={state.before ? 'No older transactions.' : 'No loyalty transactions yet.'}
      >
        {(rows) => (
          <>
            <TableScroll label="Loyalty history">
              <table aria-labelledby="history-title">
                <thead>
                  <tr>
                    <th scope="col">When</th>
                    <th scope="col">Type</th>
                    <th scope="col">Description</th>
                    <th scope="col" className="num">
                      Points
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {rows.map((t) => (
                    <tr key={t.id}>
                      <td>{format.dateTime(t.created_at)}</td>
                      <td>{t.type}</td>
                      <td>{t.description}</td>
                      <td className="num">{format.quantity(t.points)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableScroll>
            {rows.length === LIMIT && (
              <div className="actions">
                <button type="button" onClick={() => set({ before: rows[rows.length - 1].id })}>
                  Older transactions
                </button>
              </div>
            )}
          </>
        )}
      </QueryState>
      {state.before && (
        <div className="actions">
          <button type="button" onClick={() => set({ before: '' })}>
            Newest transactions
          </button>
        </div>
      )}
    </>
  );
}
