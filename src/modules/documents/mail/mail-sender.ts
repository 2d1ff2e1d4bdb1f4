import { Inject, Injectable } from '@nestjs/common';
import { withoutControlCharacters } from '../../../common/validation/text-fields';
import { APP_CONFIG, AppConfig } from '../../../config/app-config';
import { OutgoingMail } from './mail-kinds';
import { longestSessionMs, sendInOneSession, SmtpSessionLimits } from './smtp-session';

export interface MailOutcome {
  ok: boolean;
  /** what the invoice's `email.last_error` says: never the SMTP URL or its credentials */
  error: string | null;
}

interface SmtpError {
  code?: string;
  responseCode?: number;
  response?: string;
  message?: string;
}

/** An SMTP failure in words for the invoice's `last_error`, one line, at most 300 characters. */
export function describeSmtpError(err: SmtpError): string {
  const text = (value: string | undefined) => withoutControlCharacters(value ?? '').trim();
  const message = text(err.message);
  let described: string;
  if (err.code === 'EDEADLINE') described = message;
  else if (err.responseCode) described = `SMTP server refused: ${text(err.response) || err.responseCode}`;
  else if (/ECONNREFUSED/.test(message)) described = 'connection refused';
  else if (err.code === 'ETIMEDOUT' || /timeout|timed out/i.test(message)) described = 'timed out';
  else if (/ECONNRESET|closed|EPIPE/i.test(message)) described = 'connection closed by the SMTP server';
  else if (/ENOTFOUND|EAI_AGAIN/.test(message)) described = 'SMTP host not found';
  else described = message || err.code || 'sending failed';
  return described.slice(0, 300);
}

/**
 * Sends mail through SMTP_URL with nodemailer: one connection per mail (no pool: a server that drops
 * a connection fails that mail's attempt only), each step cut off after MAIL_TIMEOUT_MS, the attempt
 * after four times that unless the message has gone (smtp-session.ts). send() settles only once the
 * attempt's connection is closed. Never throws: a refusal, a timeout or a dropped connection is a
 * failed outcome.
 */
@Injectable()
export class MailSender {
  private readonly url: string | null;
  private readonly limits: SmtpSessionLimits;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.url = config.smtpUrl || null;
    this.limits = { stepMs: config.mailTimeoutMs, deadlineMs: config.mailTimeoutMs * 4 };
  }

  get configured(): boolean {
    return this.url !== null;
  }

  /** The longest one send() takes, its connection closed included: a claim's lease outlives it. */
  get longestSendMs(): number {
    return longestSessionMs(this.limits);
  }

  async send(mail: OutgoingMail): Promise<MailOutcome> {
    if (!this.url) return { ok: false, error: 'email is not configured (SMTP_URL)' };
    try {
      await sendInOneSession(this.url, this.limits, mail);
      return { ok: true, error: null };
    } catch (err) {
      return { ok: false, error: describeSmtpError(err as SmtpError) };
    }
  }
}
