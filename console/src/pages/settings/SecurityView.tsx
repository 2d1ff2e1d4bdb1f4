import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { saveBlob } from '../../api/files';
import { invalidatePaths } from '../../api/invalidate';
import { callOrThrow, useApiRead, type AuthSession, type SessionRow } from '../../api/staff';
import { session } from '../../auth/session';
import { useFormat } from '../../frame/business';
import { useWho } from '../../frame/who';
import { FormError, SubmitButton, TextField } from '../../ui/form/Form';
import { DataTable, type Column } from '../../ui/list/ListPage';
import { QueryState } from '../../ui/States';
import { QrCode } from './QrCode';

const CODE_MESSAGES = {
  INVALID_TWO_FACTOR_CODE: 'That code is not right: type the code your app shows now.',
  INVALID_CREDENTIALS: 'The password is not right.',
};

/**
 * docs/api.md 19's Security: the signed-in person's sessions (GET /auth/sessions, Sign out each) and
 * two-factor: set up with a QR code drawn in the page, turned on with a code, the 10 recovery codes
 * shown once (Copy, Download); turned off with the password and a code.
 */
export function SecurityView() {
  const who = useWho();
  if (who.kind === 'key')
    return (
      <section aria-labelledby="security-title">
        <h2 id="security-title">Security</h2>
        <p>This tab is signed in with an API key. Sessions and two-factor belong to people: sign in with your email to manage yours.</p>
      </section>
    );
  return (
    <>
      <Sessions />
      <TwoFactor />
    </>
  );
}

function Sessions() {
  const format = useFormat();
  const sessions = useApiRead<{ data: SessionRow[] }>('/auth/sessions');
  const end = useMutation({
    mutationFn: (row: SessionRow) => callOrThrow('DELETE', `/auth/sessions/${row.id}`),
    onSuccess: async (_data, row) => {
      if (row.current) session.signOut();
      else await invalidatePaths('/api/v1/auth/sessions');
    },
  });
  const columns: Column<SessionRow>[] = [
    { header: 'Browser', rowHeader: true, cell: (s) => `${s.user_agent ?? 'Unknown browser'}${s.current ? ' (this session)' : ''}` },
    { header: 'Address', cell: (s) => s.ip ?? '—' },
    { header: 'Signed in', cell: (s) => format.dateTime(s.created_at) },
    { header: 'Last seen', cell: (s) => (s.last_seen_at ? format.dateTime(s.last_seen_at) : '—') },
    {
      header: 'Action',
      cell: (s) => (
        <button
          type="button"
          disabled={end.isPending}
          aria-label={
            s.current ? 'Sign out this session' : `Sign out the session from ${s.ip ?? 'an unknown address'} signed in ${format.dateTime(s.created_at)}`
          }
          onClick={() => end.mutate(s)}
        >
          Sign out
        </button>
      ),
    },
  ];
  return (
    <section aria-labelledby="sessions-title">
      <h2 id="sessions-title">Your sessions</h2>
      <QueryState query={sessions} what="your sessions" isEmpty={(b) => b.data.length === 0} empty="No sessions.">
        {(body) => <DataTable caption="Your sessions" columns={columns} rows={body.data} rowKey={(s) => s.id} />}
      </QueryState>
      <FormError error={end.error} />
    </section>
  );
}

/** The two-factor part of Security (also shown alone when the business requires two-factor and it is off). */
export function TwoFactor({ onEnabled }: { onEnabled?: () => void } = {}) {
  const me = useApiRead<{ data: AuthSession }>('/auth/session');
  const [setup, setSetup] = useState<{ secret: string; otpauth_uri: string } | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const start = useMutation({
    mutationFn: () => callOrThrow<{ data: { secret: string; otpauth_uri: string } }>('POST', '/auth/two-factor/setup'),
    onSuccess: (body) => setSetup(body.data),
  });
  return (
    <section aria-labelledby="two-factor-title">
      <h2 id="two-factor-title">Two-factor authentication</h2>
      {codes ? (
        <RecoveryCodes
          codes={codes}
          onDone={() => {
            setCodes(null);
            onEnabled?.();
          }}
        />
      ) : (
        <QueryState query={me} what="your account">
          {(body) =>
            body.data.user.two_factor ? (
              <DisableTwoFactor />
            ) : setup ? (
              <EnableTwoFactor
                setup={setup}
                onEnabled={(recovery) => {
                  setSetup(null);
                  setCodes(recovery);
                }}
              />
            ) : (
              <>
                <p>Two-factor is off. With it on, signing in also asks for a code from an authenticator app on your phone.</p>
                <button type="button" disabled={start.isPending} onClick={() => start.mutate()}>
                  Set up two-factor
                </button>
                <FormError error={start.error} />
              </>
            )
          }
        </QueryState>
      )}
    </section>
  );
}

function EnableTwoFactor({ setup, onEnabled }: { setup: { secret: string; otpauth_uri: string }; onEnabled: (codes: string[]) => void }) {
  const [code, setCode] = useState('');
  const enable = useMutation({
    mutationFn: (body: { code: string }) => callOrThrow<{ data: { recovery_codes: string[] } }>('POST', '/auth/two-factor/enable', { body }),
    onSuccess: async (body) => {
      onEnabled(body.data.recovery_codes);
      await invalidatePaths('/api/v1/auth/session', '/api/v1/staff');
    },
  });
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    enable.mutate({ code: code.replace(/\s+/g, '') });
  }
  return (
    <form className="stacked" aria-label="Turn on two-factor" onSubmit={submit}>
      <p>Scan this QR code with your authenticator app, or type the key below it into the app.</p>
      <QrCode text={setup.otpauth_uri} label="QR code to add this account to an authenticator app" />
      <p>
        Key: <code data-testid="two-factor-secret">{setup.secret}</code>
      </p>
      <TextField
        label="Authentication code"
        autoComplete="one-time-code"
        inputMode="numeric"
        required
        value={code}
        onChange={setCode}
        hint="The 6-digit code the app shows now."
      />
      <div className="actions">
        <SubmitButton busy={enable.isPending} busyLabel="Checking…">
          Turn on two-factor
        </SubmitButton>
      </div>
      <FormError error={enable.error} messages={CODE_MESSAGES} />
    </form>
  );
}

function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const [copied, setCopied] = useState(false);
  const text = `${codes.join('\n')}\n`;
  return (
    <div role="status" className="done">
      <p>
        Two-factor is on. These are your 10 recovery codes: each signs in once in place of a code if you lose your phone. Keep them somewhere safe; they are
        shown this once.
      </p>
      <ul className="recovery-codes" aria-label="Recovery codes">
        {codes.map((c) => (
          <li key={c}>
            <code>{c}</code>
          </li>
        ))}
      </ul>
      <div className="actions">
        <button type="button" onClick={() => void navigator.clipboard?.writeText(text).then(() => setCopied(true))}>
          Copy codes
        </button>
        <button type="button" onClick={() => saveBlob(new Blob([text], { type: 'text/plain' }), 'recovery-codes.txt')}>
          Download codes
        </button>
        <button type="button" onClick={onDone}>
          Done
        </button>
        {copied && <span>Copied.</span>}
      </div>
    </div>
  );
}

function DisableTwoFactor() {
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const disable = useMutation({
    mutationFn: (body: { password: string; code: string }) => callOrThrow('POST', '/auth/two-factor/disable', { body }),
    onSuccess: async () => {
      setPassword('');
      setCode('');
      await invalidatePaths('/api/v1/auth/session', '/api/v1/staff');
    },
  });
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    disable.mutate({ password, code: code.replace(/\s+/g, '') });
  }
  return (
    <form className="stacked" aria-label="Turn off two-factor" onSubmit={submit}>
      <p>Two-factor is on.</p>
      <TextField label="Password" type="password" autoComplete="current-password" required value={password} onChange={setPassword} />
      <TextField label="Authentication code" autoComplete="one-time-code" required value={code} onChange={setCode} />
      <div className="actions">
        <SubmitButton busy={disable.isPending} busyLabel="Turning off…">
          Turn off two-factor
        </SubmitButton>
      </div>
      <FormError error={disable.error} messages={CODE_MESSAGES} />
    </form>
  );
}
