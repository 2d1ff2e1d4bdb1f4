import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../api/client';
import { useAttemptKey } from '../../api/attempt-key';
import { dataOrThrow, shownError } from '../../api/errors';
import { invalidatePaths } from '../../api/invalidate';
import { SCOPES, type Scope } from '../../frame/scopes';
import { ErrorView } from '../../ui/ErrorView';

/**
 * New key (POST /api-keys {name, scopes}): a name and the scopes as checkboxes. The key comes back
 * once (201's `api_key`): it is shown here with a Copy button until Done or leaving the page, kept
 * only in this component's state, never again.
 */
export function CreateKey() {
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<Scope[]>([]);
  const [created, setCreated] = useState<{ name: string; key: string } | null>(null);
  const [copied, setCopied] = useState(false);
  const attempt = useAttemptKey();
  const create = useMutation({
    mutationFn: async (body: { name: string; scopes: Scope[] }) =>
      dataOrThrow(await api.POST('/api/v1/api-keys', { headers: { 'Idempotency-Key': attempt.keyFor(body) }, body })),
    onError: (error) => {
      if (shownError(error).code) attempt.end();
    },
    onSuccess: async (result) => {
      attempt.end();
      setCreated({ name: result.data.name, key: result.data.api_key });
      setCopied(false);
      setName('');
      setScopes([]);
      await invalidatePaths('/api/v1/api-keys');
    },
  });

  function toggle(scope: Scope, on: boolean) {
    setScopes((current) => (on ? SCOPES.filter((s) => s === scope || current.includes(s)) : current.filter((s) => s !== scope)));
  }

  return (
    <form
      className="stacked"
      aria-labelledby="create-key-title"
      onSubmit={(e) => {
        e.preventDefault();
        setCreated(null);
        create.mutate({ name: name.trim(), scopes });
      }}
    >
      <h2 id="create-key-title">New key</h2>
      <div className="field">
        <label htmlFor="key-name">Key name</label>
        <input id="key-name" type="text" required autoComplete="off" value={name} onChange={(e) => setName(e.target.value)} />
      </div>
      <fieldset className="checks">
        <legend>Scopes</legend>
        {SCOPES.map((scope) => (
          <label key={scope}>
            <input type="checkbox" checked={scopes.includes(scope)} onChange={(e) => toggle(scope, e.target.checked)} /> {scope}
          </label>
        ))}
      </fieldset>
      <div className="actions">
        <button type="submit" disabled={create.isPending}>
          Create key
        </button>
      </div>
      {create.error && <ErrorView error={create.error} />}
      {created && (
        <div role="status" className="done">
          <p>Key “{created.name}” created. Copy it now: it is shown this once and never again.</p>
          <p>
            <code data-testid="new-api-key">{created.key}</code>{' '}
            <button
              type="button"
              onClick={() => {
                void navigator.clipboard?.writeText(created.key).then(() => setCopied(true));
              }}
            >
              Copy
            </button>{' '}
            {copied && <span>Copied.</span>}
          </p>
          <button type="button" onClick={() => setCreated(null)}>
            Done
          </button>
        </div>
      )}
    </form>
  );
}
