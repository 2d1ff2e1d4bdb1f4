import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../api/client';
import { useAttemptKey } from '../../api/attempt-key';
import { dataOrThrow, shownError } from '../../api/errors';
import { invalidatePaths } from '../../api/invalidate';
import { randomToken } from '../../lib/random-token';
import { ErrorView } from '../../ui/ErrorView';
import { WEBHOOK_EVENTS, type WebhookEvent } from './webhook-events';

interface Created {
  url: string;
  secret: string | null;
}

/**
 * Create a webhook (POST /webhooks): the URL, the events as checkboxes from the documented list, an
 * optional secret (typed, or generated here). The API never returns a secret (write-only), so it is
 * shown once, right after creation, from what was sent; "Done" forgets it for good.
 */
export function CreateWebhook() {
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<WebhookEvent[]>([]);
  const [secret, setSecret] = useState('');
  const [created, setCreated] = useState<Created | null>(null);
  const attempt = useAttemptKey();
  const create = useMutation({
    mutationFn: async (body: { url: string; events: WebhookEvent[]; secret?: string }) =>
      dataOrThrow(await api.POST('/api/v1/webhooks', { headers: { 'Idempotency-Key': attempt.keyFor(body) }, body })),
    onError: (error) => {
      if (shownError(error).code) attempt.end();
    },
    onSuccess: async (result, body) => {
      attempt.end();
      setCreated({ url: result.data.url, secret: body.secret ?? null });
      setUrl('');
      setEvents([]);
      setSecret('');
      await invalidatePaths('/api/v1/webhooks');
    },
  });

  function toggle(event: WebhookEvent, on: boolean) {
    setEvents((current) => (on ? WEBHOOK_EVENTS.filter((e) => e === event || current.includes(e)) : current.filter((e) => e !== event)));
  }

  return (
    <form
      className="stacked"
      aria-labelledby="create-webhook-title"
      onSubmit={(e) => {
        e.preventDefault();
        setCreated(null);
        create.mutate({ url: url.trim(), events, ...(secret ? { secret } : {}) });
      }}
    >
      <h2 id="create-webhook-title">New webhook</h2>
      <div className="field">
        <label htmlFor="webhook-url">Endpoint URL</label>
        <input id="webhook-url" type="url" required value={url} onChange={(e) => setUrl(e.target.value)} placeholder="https://example.com/hooks" />
      </div>
      <fieldset className="checks">
        <legend>Events</legend>
        {WEBHOOK_EVENTS.map((event) => (
          <label key={event}>
            <input type="checkbox" checked={events.includes(event)} onChange={(e) => toggle(event, e.target.checked)} /> {event}
          </label>
        ))}
      </fieldset>
      <div className="field">
        <label htmlFor="webhook-secret">Secret (optional)</label>
        <input
          id="webhook-secret"
          type="text"
          autoComplete="off"
          spellCheck={false}
          maxLength={255}
          value={secret}
          onChange={(e) => setSecret(e.target.value)}
        />
      </div>
      <div className="actions">
        <button type="button" onClick={() => setSecret(randomToken(32))}>
          Generate a secret
        </button>
        <button type="submit" disabled={create.isPending}>
          Create webhook
        </button>
      </div>
      {create.error && <ErrorView error={create.error} />}
      {created && (
        <div role="status" className="done">
          <p>
            Webhook created for <code>{created.url}</code>.
          </p>
          {created.secret && (
            <>
              <p>
                Its secret, shown this once (the API never returns it; keep it where the receiver checks signatures):{' '}
                <code data-testid="webhook-secret">{created.secret}</code>
              </p>
              <button type="button" onClick={() => setCreated(null)}>
                Done
              </button>
            </>
          )}
        </div>
      )}
    </form>
  );
}
