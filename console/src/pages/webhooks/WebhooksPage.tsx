import { Link } from '@tanstack/react-router';
import { $api } from '../../api/client';
import { useFormat } from '../../frame/business';
import { useUrlState } from '../../frame/use-url-state';
import { pageNumber } from '../../lib/url-state';
import { Page } from '../../ui/Page';
import { Pager } from '../../ui/Pager';
import { QueryState } from '../../ui/States';
import '../../ui/part2-forms.css';
import { CreateWebhook } from './CreateWebhook';
import { EventsFeed } from './EventsFeed';
import { WebhookActions } from './WebhookActions';
import { TableScroll } from '../../ui/list/ListPage';

/** docs/api.md 16's Webhooks: the list (paged, the page in the URL), New webhook, pause/resume and delete, the events feed. */
export default function WebhooksPage() {
  const [state, set] = useUrlState({ page: '1' });
  const format = useFormat();
  const webhooks = $api.useQuery('get', '/api/v1/webhooks', { params: { query: { page: pageNumber(state.page), per_page: 20 } } });
  return (
    <Page title="Webhooks">
      <section aria-labelledby="webhooks-title">
        <h2 id="webhooks-title">Endpoints</h2>
        <QueryState query={webhooks} what="the webhooks" isEmpty={(body) => body.data.length === 0} empty="No webhooks yet.">
          {(body) => (
            <>
              <TableScroll label="Webhooks">
                <table>
                  <caption className="sr-only">Webhooks</caption>
                  <thead>
                    <tr>
                      <th scope="col">Endpoint</th>
                      <th scope="col">Events</th>
                      <th scope="col">State</th>
                      <th scope="col">Secret</th>
                      <th scope="col">Created</th>
                      <th scope="col">Actions</th>
                    </tr>
                  </thead>
                  <tbody>
                    {body.data.map((w) => (
                      <tr key={w.id}>
                        <td>
                          <Link to={`/webhooks/${w.id}`}>{w.url}</Link>
                        </td>
                        <td>{w.events.join(', ')}</td>
                        <td>{w.is_active ? 'Active' : 'Paused'}</td>
                        <td>{w.secret_set ? 'Set' : 'None'}</td>
                        <td>{format.dateTime(w.created_at)}</td>
                        <td>
                          <WebhookActions webhook={w} />
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </TableScroll>
              <Pager meta={body.meta} what="webhooks" onPage={(page) => set({ page: String(page) })} />
            </>
          )}
        </QueryState>
      </section>
      <CreateWebhook />
      <EventsFeed />
    </Page>
  );
}
