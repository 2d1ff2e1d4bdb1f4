import { useState, type FormEvent } from 'react';
import { $api, api } from '../api/client';
import { queryClient } from '../api/query-client';
import { ErrorView } from '../ui/ErrorView';
import { session, type SignedOutReason } from './session';

/**
 * docs/api.md 16: the key typed into "API key", checked with GET /business, kept for the tab; a
 * refused key shows an alert and the form stays. The form posts nowhere useful without script, so
 * the key never lands in a URL.
 */
export function SignIn({ reason }: { reason: SignedOutReason | null }) {
  const [key, setKey] = useState('');
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const candidate = key.trim();
    setBusy(true);
    setError(null);
    try {
      const result = await api.GET('/api/v1/business', { headers: { Authorization: `Bearer ${candidate}` } });
      if (result.data) {
        queryClient.setQueryData($api.queryOptions('get', '/api/v1/business').queryKey, result.data);
        session.signIn(candidate);
        return;
      }
      const status = result.response.status;
      setError(result.error ?? new Error(`The server answered ${status}.`));
    } catch (err) {
      setError(err instanceof Error ? new Error(`The server could not be reached: ${err.message}`) : err);
    } finally {
      setBusy(false);
    }
  }

  return (
    <main className="sign-in">
      <h1>Sign in</h1>
      {reason === 'expired' && <p role="status">Your session has ended: the API no longer accepts the key. Sign in again.</p>}
      {reason === 'signed-out' && <p role="status">You are signed out.</p>}
      <form method="post" onSubmit={(e) => void submit(e)}>
        <label htmlFor="api-key">API key</label>
        <input
          id="api-key"
          name="api-key"
          type="password"
          autoComplete="off"
          spellCheck={false}
          required
          value={key}
          onChange={(e) => setKey(e.target.value)}
        />
        <button type="submit" disabled={busy}>
          Sign in
        </button>
      </form>
      {error !== null && <ErrorView error={error} />}
      <p className="hint">
        The key stays in this browser tab only. Create one with <code>npm run cli -- apikey:create</code>.
      </p>
    </main>
  );
}
