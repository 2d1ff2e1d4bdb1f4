import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { call, type SignInAnswer } from '../api/staff';
import { errorCode } from '../lib/field-errors';
import { FormError, SubmitButton, TextField } from '../ui/form/Form';
import { session } from './session';

const WEAK_PASSWORD = 'This password is too common, or it is your email: choose another one of 10 to 128 characters (a few words make a good one).';
const TOKEN_MESSAGES = {
  INVALID_TOKEN: 'This link is no longer valid: it was already used, it has expired, or it is not complete. Ask for a new one.',
  WEAK_PASSWORD,
};

function tokenOfUrl(): string {
  return new URLSearchParams(window.location.search).get('token') ?? '';
}

/** A page opened from a mail's link (no navigation, no sign-in): its one h1 and the tab's title. */
function TokenPage({ title, children }: { title: string; children: ReactNode }) {
  useEffect(() => {
    document.title = `${title} · Back office`;
  }, [title]);
  return (
    <main className="sign-in">
      <h1>{title}</h1>
      {children}
    </main>
  );
}

/** The password a token page sets: docs/api.md 19's bounds, WEAK_PASSWORD shown beside it. */
function NewPasswordField({ label, value, onChange, error }: { label: string; value: string; onChange: (value: string) => void; error: unknown }) {
  return (
    <TextField
      label={label}
      type="password"
      autoComplete="new-password"
      required
      minLength={10}
      maxLength={128}
      value={value}
      onChange={onChange}
      hint="10 to 128 characters."
      error={errorCode(error) === 'WEAK_PASSWORD' ? WEAK_PASSWORD : undefined}
    />
  );
}

/** Under the form: a refused password is explained at its field, so only a line here; any other error in full. */
function TokenFormError({ error }: { error: unknown }) {
  if (errorCode(error) !== 'WEAK_PASSWORD') return <FormError error={error} messages={TOKEN_MESSAGES} />;
  return (
    <p role="alert" className="error">
      The password was refused.
    </p>
  );
}

/**
 * docs/api.md 19: an invitation link (`/console/accept-invite?token=...`) opens Accept invitation:
 * the person's name and a password (POST /auth/accept-invite). WEAK_PASSWORD is shown beside the
 * password, INVALID_TOKEN says the link is used or expired. A session cookie in the answer signs in.
 */
export function AcceptInvite() {
  const token = tokenOfUrl();
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const result = await call<{ data: Partial<SignInAnswer> }>('POST', '/auth/accept-invite', {
        body: { token, ...(name.trim() ? { name: name.trim() } : {}), password },
      });
      if (!result.response.ok) return setError(result.error ?? new Error(`The server answered ${result.response.status}.`));
      const csrf = result.data?.data?.csrf_token;
      if (csrf) {
        session.signedInAsUser(csrf);
        window.location.assign('/console');
        return;
      }
      setDone(true);
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  }

  return (
    <TokenPage title="Accept invitation">
      {!token && <p role="alert">This page needs the link from your invitation mail, with its token.</p>}
      {done ? (
        <p role="status">
          Invitation accepted. <a href="/console">Sign in</a> with your email and the password you chose.
        </p>
      ) : (
        <form method="post" aria-label="Accept invitation" className="stacked" onSubmit={(e) => void submit(e)}>
          <p>
            You are invited to the back office. Choose your name as colleagues see it and a password. Already signed in to another shop with this email? Type
            that password.
          </p>
          <TextField label="Your name" autoComplete="name" value={name} onChange={setName} />
          <NewPasswordField label="Password" value={password} onChange={setPassword} error={error} />
          <SubmitButton busy={busy} busyLabel="Accepting…">
            Accept invitation
          </SubmitButton>
          <TokenFormError error={error} />
        </form>
      )}
    </TokenPage>
  );
}

/** docs/api.md 19: a reset link (`/console/reset-password?token=...`, valid 1 h) sets a new password (POST /auth/reset-password). */
export function ResetPassword() {
  const token = tokenOfUrl();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const result = await call('POST', '/auth/reset-password', { body: { token, password } });
      if (result.response.ok) setDone(true);
      else setError(result.error ?? new Error(`The server answered ${result.response.status}.`));
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  }

  return (
    <TokenPage title="Reset password">
      {done ? (
        <p role="status">
          Your password is changed, and every session of your account has ended. <a href="/console">Sign in</a> with the new password.
        </p>
      ) : (
        <form method="post" aria-label="Reset password" className="stacked" onSubmit={(e) => void submit(e)}>
          <NewPasswordField label="New password" value={password} onChange={setPassword} error={error} />
          <SubmitButton busy={busy} busyLabel="Saving…">
            Reset password
          </SubmitButton>
          <TokenFormError error={error} />
        </form>
      )}
    </TokenPage>
  );
}
