import { BeforeApplicationShutdown, Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { idempotentRequests } from '../../../common/idempotency/idempotent-request';
import { retryStep } from '../../../common/retry/backoff';
import { APP_CONFIG, AppConfig } from '../../../config/app-config';
import { DocumentReader } from '../document.reader';
import { PdfRenderer } from '../pdf/pdf-renderer';
import { ClaimedMailRow } from '../persistence/mail-outbox.sql';
import { composeInvoiceMail } from './invoice-mail';
import { MailKinds, OutgoingMail } from './mail-kinds';
import { MailOutboxStore } from './mail-outbox.store';
import { MailOutcome, MailSender } from './mail-sender';
import { SpanStatusCode } from '@opentelemetry/api';
import { countMailDelivery, MailOutcome as MailDeliveryOutcome } from '../../../common/metrics/service-metrics';
import { inLinkedSpan } from '../../../common/tracing/trace-context';
import { systemBusinessContext } from './system-business';

/**
 * Sends the mail outbox (invoice_emails: invoices, and the kinds registered in MailKinds: receipts, staff mail) in the background, the webhook dispatcher's way
 * (webhooks/delivery/outbox-dispatcher.ts): woken after a commit that queued mail and by a periodic
 * poll (mail of other processes, retries come due, what a crash left); one pass at a time, wakes
 * during a pass coalescing into one more. A pass claims due mails with a lease (FOR UPDATE SKIP
 * LOCKED: processes sharing the database never take the same mail), renders each invoice's PDF,
 * renews the lease for longer than any SMTP session, sends it and records the outcome: sent with
 * invoice.sent, or a failed attempt retried with backoff until MAIL_MAX_ATTEMPTS. An attempt ends only
 * once its SMTP connection is closed (MailSender.send), so the attempts in flight count the sessions
 * open: never more than MAIL_CONCURRENCY, and a retry never runs beside the session before it.
 * No request waits for any of it.
 */
@Injectable()
export class MailDispatcher implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('Mail');
  /** a claim's lease: longer than any SMTP session, renewed as the session opens */
  private readonly leaseMs: number;
  private stopped = true;
  private timer?: NodeJS.Timeout;
  private draining: Promise<void> | null = null;
  private drainAgain = false;
  private readonly inFlight = new Set<Promise<void>>();

  constructor(
    private readonly store: MailOutboxStore,
    private readonly sender: MailSender,
    private readonly documents: DocumentReader,
    private readonly renderer: PdfRenderer,
    private readonly dataSource: DataSource,
    private readonly kinds: MailKinds,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.leaseMs = sender.longestSendMs + 30_000;
  }

  onApplicationBootstrap(): void {
    if (!this.config.mailDispatcher || !this.sender.configured) return;
    this.stopped = false;
    if (this.config.mailDispatchIntervalMs > 0) {
      this.timer = setInterval(() => this.wake(), this.config.mailDispatchIntervalMs);
      this.timer.unref();
    }
    this.wake();
  }

  /** Stop claiming; attempts under way finish and are recorded. Unsent mail stays in the outbox. */
  async beforeApplicationShutdown(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.draining;
    await Promise.allSettled([...this.inFlight]);
  }

  /** Called after a commit that queued mail; outside the request's context (its idempotency key is not this work's). */
  wake(): void {
    if (this.stopped) return;
    if (this.draining) {
      this.drainAgain = true;
      return;
    }
    this.draining = idempotentRequests.exit(() =>
      this.drain()
        .catch((err: Error) => this.logger.error({ msg: 'mail dispatch failed', error: err?.message ?? String(err) }))
        .finally(() => {
          this.draining = null;
          if (this.drainAgain) {
            this.drainAgain = false;
            this.wake();
          }
        }),
    );
  }

  private async drain(): Promise<void> {
    const free = this.config.mailConcurrency - this.inFlight.size;
    if (free <= 0 || this.stopped) return;
    for (const mail of await this.store.claim(free, this.leaseMs)) this.launch(mail);
  }

  private launch(mail: ClaimedMailRow): void {
    const attempt = this.attempt(mail)
      .catch((err: Error) => this.logger.error({ msg: 'recording a mail attempt failed', mail_id: mail.id, error: err?.message ?? String(err) }))
      .finally(() => {
        this.inFlight.delete(attempt);
        this.wake();
      });
    this.inFlight.add(attempt);
  }

  private attempt(mail: ClaimedMailRow): Promise<void> {
    return inLinkedSpan('mail delivery', mail.trace_parent, async (span) => {
      span.setAttribute('mail.attempt', mail.attempts);
      const outcome = await this.attemptOnce(mail);
      if (outcome === null) {
        span.setAttribute('mail.outcome', 'taken_over'); // another process sends it
        return;
      }
      span.setAttribute('mail.outcome', outcome);
      if (outcome !== 'sent') span.setStatus({ code: SpanStatusCode.ERROR });
      countMailDelivery(outcome);
    });
  }

  /** The attempt's outcome, or null when another process took the mail over before it was sent. */
  private async attemptOnce(mail: ClaimedMailRow): Promise<MailDeliveryOutcome | null> {
    let invoiceNumber = '';
    let outcome: MailOutcome;
    try {
      let message: OutgoingMail;
      if (mail.kind === 'invoice') {
        const composed = await this.invoiceMail(mail);
        invoiceNumber = composed.invoiceNumber;
        message = composed.message;
      } else {
        const composer = this.kinds.composerOf(mail.kind);
        const composed = composer ? await composer.compose(mail, this.config.mailFrom) : { dropped: `no composer for ${mail.kind} mail` };
        if ('dropped' in composed) {
          await this.store.failed(mail, composed.dropped, null);
          return 'failed';
        }
        message = composed.mail;
      }
      if (!(await this.store.renew(mail, this.leaseMs))) {
        this.logger.warn({ msg: 'mail taken over by another process before sending', mail_id: mail.id, kind: mail.kind, attempt: mail.attempts });
        return null;
      }
      outcome = await this.sender.send(message);
    } catch (err) {
      outcome = { ok: false, error: `the mail could not be prepared: ${(err as Error)?.message ?? String(err)}`.slice(0, 300) };
    }
    if (outcome.ok) {
      await this.store.sent(mail, invoiceNumber);
      return 'sent';
    }
    const next = retryStep(false, 'sent', mail.attempts, mail.attempt_limit, this.config.mailRetryBaseMs);
    await this.store.failed(mail, outcome.error ?? 'sending failed', next.retryInMs);
    this.logger.warn({
      msg: next.status === 'pending' ? `${mail.kind} mail failed, will retry` : `${mail.kind} mail failed`,
      mail_id: mail.id,
      attempt: mail.attempts,
      error: outcome.error,
    });
    return next.status === 'pending' ? 'retrying' : 'failed';
  }

  private async invoiceMail(mail: ClaimedMailRow): Promise<{ message: OutgoingMail; invoiceNumber: string }> {
    const biz = await systemBusinessContext(this.dataSource, mail.business_id);
    const { model, invoice } = await this.documents.invoice(biz, mail.invoice_id!);
    const pdf = await this.renderer.renderToBuffer(model);
    const status = model.facts.find(([label]) => label === 'Status')?.[1] ?? invoice.status;
    return { message: composeInvoiceMail(model, invoice.due_date, status, mail.recipient, this.config.mailFrom, pdf), invoiceNumber: invoice.invoice_number };
  }
}
