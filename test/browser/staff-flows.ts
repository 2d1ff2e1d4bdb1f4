import { Page } from 'playwright-core';
import { SmtpSink, startSmtpSink } from '../helpers/smtp-sink';
import { ConsoleApp, startConsoleApp } from './browser-harness';

/**
 * The staff flows' pieces (docs/api.md 19): the app mailing through a loopback SMTP sink (the
 * invitations and resets, with their links), the token of the last link mailed to someone, and a
 * person made by the API (invited with the business's key, accepted with a password).
 */
const MAIL = { mailFrom: 'shop@console.test', mailRetryBaseMs: 100, mailDispatchIntervalMs: 50, mailTimeoutMs: 1500, mailMaxAttempts: 3 };

export async function startMailingConsoleApp(): Promise<{ app: ConsoleApp; sink: SmtpSink }> {
  const sink = await startSmtpSink();
  const app = await startConsoleApp({ ...MAIL, smtpUrl: sink.url });
  return {
    app,
    sink,
  };
}

/** The token of the newest link of `kind` mailed to `email` (waits for it). */
export async function mailedToken(sink: SmtpSink, email: string, kind: 'accept-invite' | 'reset-password', after = 0): Promise<string> {
  const pattern = new RegExp(`/console/${kind}\\?token=([A-Za-z0-9_\\-.~%]+)`);
  const deadline = Date.now() + 20_000;
  for (;;) {
    const mails = sink.mails
      .slice(after)
      .filter((m) => m.to.some((to) => to.toLowerCase() === email.toLowerCase()) && pattern.test(m.text.replace(/=\r?\n/g, '')));
    const last = mails.at(-1);
    if (last) return decodeURIComponent(pattern.exec(last.text.replace(/=\r?\n/g, ''))![1]);
    if (Date.now() > deadline) throw new Error(`no ${kind} mail to ${email} (mails: ${sink.mails.map((m) => `${m.to.join(',')}: ${m.subject}`).join('; ')})`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A person of the business with a role and a password, made through the API (the key invites, the link is accepted). */
export async function makeMember(
  app: ConsoleApp,
  sink: SmtpSink,
  key: string,
  person: { email: string; name: string; role: string; password: string },
): Promise<void> {
  const auth = { Authorization: `Bearer ${key}` };
  const before = sink.mails.length;
  const invited = await app.t.http().post('/api/v1/staff').set(auth).send({ email: person.email, name: person.name, role: person.role });
  if (invited.status !== 201) throw new Error(`POST /staff: ${invited.status} ${JSON.stringify(invited.body)}`);
  const token = await mailedToken(sink, person.email, 'accept-invite', before);
  const accepted = await app.t.http().post('/api/v1/auth/accept-invite').send({ token, password: person.password });
  if (accepted.status !== 200) throw new Error(`POST /auth/accept-invite: ${accepted.status} ${JSON.stringify(accepted.body)}`);
}

/** Email and Password typed, Sign in pressed, as a person does. */
export async function signInAs(page: Page, email: string, password: string): Promise<void> {
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}
