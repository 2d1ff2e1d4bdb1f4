import { Link, useNavigate } from '@tanstack/react-router';
import { $api } from '../../api/client';
import { useFormat } from '../../frame/business';
import { usePathParam } from '../../frame/use-path-param';
import { Page } from '../../ui/Page';
import { QueryState } from '../../ui/States';
import '../../ui/part2-forms.css';
import { DeliveryLog } from './DeliveryLog';
import { WebhookActions } from './WebhookActions';

/** One webhook: its settings, Pause/Resume, Delete, and its delivery log. */
export default function WebhookPage() {
  const webhookId = usePathParam('webhookId');
  const navigate = useNavigate();
  const format = useFormat();
  const webhook = $api.useQuery('get', '/api/v1/webhooks/{id}', { params: { path: { id: webhookId } } });
  return (
    <Page title="Webhooks">
      <p>
        <Link to="/webhooks">All webhooks</Link>
      </p>
      <QueryState query={webhook} what="the webhook">
        {({ data: w }) => (
          <>
            <h2>
              Webhook <code>{w.url}</code>
            </h2>
            <dl className="facts">
              <dt>State</dt>
              <dd data-testid="webhook-state">{w.is_active ? 'Active' : 'Paused'}</dd>
              <dt>Events</dt>
              <dd>{w.events.join(', ')}</dd>
              <dt>Secret</dt>
              <dd>{w.secret_set ? 'Set (never shown again)' : 'None'}</dd>
              <dt>Created</dt>
              <dd>{format.dateTime(w.created_at)}</dd>
            </dl>
            <WebhookActions webhook={w} onDeleted={() => void navigate({ to: '/webhooks' })} />
            <DeliveryLog webhookId={w.id} />
          </>
        )}
      </QueryState>
    </Page>
  );
}
