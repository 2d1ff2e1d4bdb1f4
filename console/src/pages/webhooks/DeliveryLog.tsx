import { useMutation } from '@tanstack/react-query';
import { $api, api } from '../../api/client';
import { dataOrThrow } from '../../api/errors';
import { invalidatePaths } from '../../api/invalidate';
import { useFormat } from '../../frame/business';
import { useUrlState } from '../../frame/use-url-state';
import { formatQuantity } from '../../lib/money';
import { randomToken } from '../../lib/random-token';
import { pageNumber } from '../../lib/url-state';
import { ErrorView } from '../../ui/ErrorView';
import { Pager } from '../../ui/Pager';
import { QueryState } from '../../ui/States';
import { DELIVERY_STATUSES, type DeliveryStatus } from './webhook-events';
import { TableScroll } from '../../ui/list/ListPage';

/** While a delivery is queued or under way, the log is read again this often until it settles. */
const REFRESH_MS = 1000;

/**
 * A webhook's delivery log (GET /webhooks/:id/deliveries, newest first), filtered by status, paged;
 * status and page in the URL. Redeliver queues a new attempt (202); the log follows it to its outcome.
 */
export function DeliveryLog({ webhookId }: { webhookId: string }) {
  const [state, set] = useUrlState({ status: '', page: '1' });
  const format = useFormat();
  const deliveries = $api.useQuery(
    'get',
    '/api/v1/webhooks/{id}/deliveries',
    {
      params: {
        path: { id: webhookId },
        query: { page: pageNumber(state.page), per_page: 20, ...(state.status ? { status: state.status as DeliveryStatus } : {}) },
      },
    },
    { refetchInterval: (query) => (query.state.data?.data.some((d) => d.status === 'pending' || d.status === 'delivering') ? REFRESH_MS : false) },
  );
  const redeliver = useMutation({
    mutationFn: async (deliveryId: string) =>
      dataOrThrow(
        await api.POST('/api/v1/webhooks/{id}/deliveries/{delivery_id}/redeliver', {
          params: { path: { id: webhookId, delivery_id: deliveryId } },
          headers: { 'Idempotency-Key': randomToken() },
        }),
      ),
    onSuccess: () => invalidatePaths('/api/v1/webhooks'),
  });

  return (
    <section aria-labelledby="deliveries-title">
      <h2 id="deliveries-title">Delivery log</h2>
      <div className="filters">
        <div className="field">
          <label htmlFor="delivery-status">Delivery status</label>
          <select id="delivery-status" value={state.status} onChange={(e) => set({ status: e.target.value })}>
            <option value="">Any status</option>
            {DELIVERY_STATUSES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </div>
        <button type="button" onClick={() => void deliveries.refetch()}>
          Refresh
        </button>
      </div>
      {redeliver.error && <ErrorView error={redeliver.error} />}
      <QueryState query={deliveries} what="the deliveries" isEmpty={(body) => body.data.length === 0} empty="No delivery matches.">
        {(body) => (
          <>
            <TableScroll label="Deliveries">
              <table>
                <caption className="sr-only">Deliveries</caption>
                <thead>
                  <tr>
                    <th scope="col">When</th>
                    <th scope="col">Event</th>
                    <th scope="col">Status</th>
                    <th scope="col" className="num">
                      Attempts
                    </th>
                    <th scope="col" className="num">
                      Response
                    </th>
                    <th scope="col" className="num">
                      Duration
                    </th>
                    <th scope="col">Error</th>
                    <th scope="col">Action</th>
                  </tr>
                </thead>
                <tbody>
                  {body.data.map((d) => (
                    <tr key={d.id}>
                      <td>{format.dateTime(d.created_at)}</td>
                      <td>
                        {d.event} <code className="hint">{d.event_id}</code>
                      </td>
                      <td data-testid="delivery-status">{d.status}</td>
                      <td className="num">{formatQuantity(d.attempts)}</td>
                      <td className="num">{d.response_code ?? '—'}</td>
                      <td className="num">{d.duration_ms === null ? '—' : `${formatQuantity(d.duration_ms)} ms`}</td>
                      <td>{d.error ?? '—'}</td>
                      <td>
                        {d.status !== 'delivering' && d.status !== 'pending' && (
                          <button
                            type="button"
                            disabled={redeliver.isPending}
                            aria-label={`Redeliver ${d.event} ${d.event_id}`}
                            onClick={() => redeliver.mutate(d.id)}
                          >
                            Redeliver
                          </button>
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableScroll>
            <Pager meta={body.meta} what="deliveries" onPage={(page) => set({ page: String(page) })} />
          </>
        )}
      </QueryState>
    </section>
  );
}
