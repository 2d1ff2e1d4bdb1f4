import { Socket } from 'net';
import MailComposer from 'nodemailer/lib/mail-composer';
import { parseConnectionUrl } from 'nodemailer/lib/shared';
import SMTPConnection, { SMTPConnectionOptions } from 'nodemailer/lib/smtp-connection';
import { Readable } from 'stream';
import { OutgoingMail } from './mail-kinds';

export interface SmtpSessionLimits {
  /** connecting, the greeting and each reply (the socket's idle time): MAIL_TIMEOUT_MS */
  stepMs: number;
  /** the attempt is abandoned at this age, unless the message's final dot has been let go */
  deadlineMs: number;
}

/** The longest a session lasts, its socket closed: the deadline, then the message's reply (within two steps). */
export function longestSessionMs(limits: SmtpSessionLimits): number {
  return limits.deadlineMs + 2 * limits.stepMs;
}

/**
 * The message's bytes for nodemailer's DATA stream, which reads it only after the server's 354.
 * Its end (after which nodemailer writes the final dot) is let go only when `mayEnd` says so: that
 * moment is the one point where the deadline and the server's acceptance are decided between.
 */
class GatedMessage extends Readable {
  private pushed = false;

  constructor(
    private readonly body: Buffer,
    private readonly mayEnd: () => boolean,
  ) {
    super();
  }

  override _read(): void {
    if (!this.pushed) {
      this.pushed = true;
      this.push(this.body);
    } else if (this.mayEnd()) {
      this.push(null);
    }
  }
}

function deadlineError(ms: number): Error {
  return Object.assign(new Error(`timed out after ${ms} ms (the attempt's deadline, before the end of the message)`), { code: 'EDEADLINE' });
}

/**
 * Sends one mail over one SMTP connection of its own, and settles only once that connection's socket
 * is closed: no session of an attempt outlives it. Before the message's final dot goes out the
 * deadline aborts the session by destroying the socket, so the server never received a complete
 * message and cannot accept it; once the dot has gone the session waits for the server's reply
 * (nodemailer's socket timeout, capped at two steps), so a late acceptance is never thrown away.
 * Rejects with nodemailer's error (or EDEADLINE) when the server did not accept the mail.
 */
export async function sendInOneSession(url: string, limits: SmtpSessionLimits, mail: OutgoingMail): Promise<void> {
  const composed = new MailComposer(mail).compile();
  const body = await composed.build();
  const { auth, ...server } = parseConnectionUrl(url);
  const socket = new Socket();
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  const options: SMTPConnectionOptions = {
    ...server,
    socket,
    connectionTimeout: limits.stepMs,
    greetingTimeout: limits.stepMs,
    socketTimeout: limits.stepMs,
    dnsTimeout: limits.stepMs,
    socketCloseTimeout: 0,
  };
  const connection = new SMTPConnection(options);
  const startedAt = Date.now();
  let settled = false;
  let replyCap: NodeJS.Timeout | undefined;

  const outcome = await new Promise<Error | null>((resolve) => {
    const finish = (err: Error | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      clearTimeout(replyCap);
      resolve(err);
    };
    const deadline = setTimeout(() => finish(deadlineError(limits.deadlineMs)), limits.deadlineMs);
    const message = new GatedMessage(body, () => {
      if (settled) return false;
      if (Date.now() - startedAt >= limits.deadlineMs) {
        finish(deadlineError(limits.deadlineMs));
        return false;
      }
      clearTimeout(deadline);
      replyCap = setTimeout(() => finish(new Error('timed out waiting for the reply to the message')), 2 * limits.stepMs);
      return true;
    });
    connection.on('error', (err: Error) => finish(err));
    connection.on('end', () => finish(new Error('connection closed by the SMTP server')));
    connection.connect((err?: Error | null) => {
      if (err) return finish(err);
      const send = () => connection.send(composed.getEnvelope(), message, (sendErr) => finish(sendErr ?? null));
      if (!auth || !connection.allowsAuth) return send();
      connection.login({ user: auth.user, pass: auth.pass }, (loginErr) => (loginErr ? finish(loginErr) : send()));
    });
  });

  connection.close();
  socket.destroy();
  await closed;
  if (outcome) throw outcome;
}
