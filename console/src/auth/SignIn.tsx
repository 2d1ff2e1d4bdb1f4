import { useEffect, useRef, useState, type FormEvent } from 'react';
import { $api, api } from '../api/client';
import { queryClient } from '../api/query-client';
import { call, type SignInAnswer } from '../api/staff';
import { errorCode } from '../lib/field-errors';
import { ErrorView } from '../ui/ErrorView';
import { FormError, SubmitButton, TextField } from '../ui/form/Form';
import { session, type SignedOutReason } from './session';

type Mode = 'password' | 'forgot' | 'key';

/** The form this tab last signed in with (in memory only): after Sign out or a 401, the same form again. */
let lastMode: Mode = session.key() !== null ? 'key' : 'password';

const SIGN_IN_MESSAGES = {
  INVALID_CREDENTIALS: 'The email or the password is not right.',
  INVALID_TWO_FACTOR_CODE: 'That authentication code is not right (or was already used). Type the code your app shows now, or a recovery code.',
  TWO_FACTOR_INVALID: 'That authentication code is not right (or was already used). Type the code your app shows now, or a recovery code.',
};

/**
 * docs/api.md 16 and 19: a person signs in with Email and Password (and, when the API answers 401
 * TWO_FACTOR_REQUIRED, an Authentication code or a recovery code); Forgot password? asks for a reset
 * link; Use an API key keeps the key form for developers (checked with GET /business, kept for the tab).
 */
export function SignIn({ reason }: { reason: SignedOutReason | null }) {
  const [mode, setMode] = useState<Mode>(lastMode);
  return (
    <main className="sign-in">
      <h1>{mode === 'forgot' ? 'Forgot password' : 'Sign in'}</h1>
      {reason === 'expired' && <p role="status">Your session has ended. Sign in again.</p>}
      {reason === 'signed-out' && <p role="status">You are signed out.</p>}
      {mode === 'password' && <PasswordForm onForgot={() => setMode('forgot')} />}
      {mode === 'forgot' && <ForgotPassword />}
      {mode === 'key' && <KeyForm />}
      <p className="sign-in-modes">
        {mode !== 'password' && (
          <button type="button" className="link" onClick={() => setMode('password')}>
            Use email and password
          </button>
        )}{' '}
        {mode !== 'key' && (
          <button type="button" className="link" onClick={() => setMode('key')}>
            Use an API key
          </button>
        )}
      </p>
    </main>
  );
}

function PasswordForm({ onForgot }: { onForgot: () => void }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [askCode, setAskCode] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const codeField = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (askCode) codeField.current?.querySelector('input')?.focus();
  }, [askCode]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const body = { email: email.trim(), password, ...(askCode && code.trim() ? { code: code.trim().replace(/\s+/g, '') } : {}) };
      const result = await call<{ data: SignInAnswer }>('POST', '/auth/sign-in', { body });
      if (result.data) {
        lastMode = 'password';
        session.signedInAsUser(result.data.data.csrf_token);
        return;
      }
      if (errorCode(result.error) === 'TWO_FACTOR_REQUIRED' && !askCode) {
        setAskCode(true);
        return;
      }
      setError(result.error ?? new Error(`The server answered ${result.response.status}.`));
    } catch (err) {
      setError(err instanceof Error ? new Error(`The server could not be reached: ${err.message}`) : err);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form method="post" aria-label="Sign in" className="stacked" onSubmit={(e) => void submit(e)}>
      <TextField label="Email" type="email" autoComplete="username" required value={email} onChange={setEmail} />
      <TextField label="Password" type="password" autoComplete="current-password" required value={password} onChange={setPassword} />
      {askCode && (
        <div ref={codeField}>
          <p role="status">Two-factor authentication is on for this account.</p>
          <TextField
            label="Authentication code"
            autoComplete="one-time-code"
            inputMode="text"
            spellCheck={false}
            required
            value={code}
            onChange={setCode}
            hint="The 6-digit code your authenticator app shows, or one of your recovery codes."
          />
        </div>
      )}
      <SubmitButton busy={busy} busyLabel="Signing in…">
        Sign in
      </SubmitButton>
      <FormError error={error} messages={SIGN_IN_MESSAGES} />
      <p>
        <button type="button" className="link" onClick={onForgot}>
          Forgot password?
        </button>
      </p>
    </form>
  );
}

/** POST /auth/forgot-password: always 202, so always the same neutral confirmation. */
function ForgotPassword() {
  const [email, setEmail] = useState('');
  const [sent, setSent] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const result = await call('POST', '/auth/forgot-password', { body: { email: email.trim() } });
      if (result.response.ok) setSent(true);
      else setError(result.error ?? new Error(`The server answered ${result.response.status}.`));
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form method="post" aria-label="Forgot password" className="stacked" onSubmit={(e) => void submit(e)}>
      <p>Type the email you sign in with: if an account uses it, a link to choose a new password is mailed to it.</p>
      <TextField label="Email" type="email" autoComplete="username" required value={email} onChange={setEmail} />
      <SubmitButton busy={busy} busyLabel="Sending…">
        Send reset link
      </SubmitButton>
      <p role="status">{sent ? `If an account uses ${email.trim()}, a link to reset its password is on its way. It works for one hour.` : ''}</p>
      <FormError error={error} />
    </form>
  );
}

/** docs/api.md 16: the API key form, as before (for developers and programs' keys). */
function KeyForm() {
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
        lastMode = 'key';
        session.signIn(candidate);
        return;
      }
      setError(result.error ?? new Error('The server refused the key without an explanation.'));
    } catch (err) {
      setError(err instanceof Error ? new Error(`The server could not be reached: ${err.message}`) : err);
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <form method="post" aria-label="Developer sign-in" onSubmit={(e) => void submit(e)}>
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
    </>
  );
}
