import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { runStatement } from '../../../database/run-statement';
import { UnitOfWork } from '../../../database/unit-of-work';
import { InvoiceSentEvent } from '../events/invoice-sent.event';
import { onCitus } from '../../../database/citus';
import {
  businessesWithDueMail,
  claimMails,
  claimMailsOfBusiness,
  ClaimedMailRow,
  markMailFailed,
  markMailSent,
  renewMailLease,
} from '../persistence/mail-outbox.sql';

/** On Citus, the businesses one claim serves at most (each one router statement). */
const CITUS_BUSINESSES_PER_CLAIM = 64;

/** The dispatcher's reads and writes of the mail outbox (persistence/mail-outbox.sql.ts). */
@Injectable()
export class MailOutboxStore {
  constructor(
    private readonly dataSource: DataSource,
    private readonly uow: UnitOfWork,
  ) {}

  /** Up to `limit` due mails, leased to this process for `leaseMs`. */
  async claim(limit: number, leaseMs: number): Promise<ClaimedMailRow[]> {
    if (!onCitus()) return runStatement(this.dataSource, claimMails, [limit, leaseMs]);
    // Citus: the businesses with due mail are a read across the shards; each claim stays in one business's shard
    const claimed: ClaimedMailRow[] = [];
    for (const { business_id } of await runStatement(this.dataSource, businessesWithDueMail, [CITUS_BUSINESSES_PER_CLAIM])) {
      if (claimed.length >= limit) break;
      claimed.push(...(await runStatement(this.dataSource, claimMailsOfBusiness, [limit - claimed.length, leaseMs, business_id])));
    }
    return claimed;
  }

  /** Just before the mail's SMTP session: its lease renewed for `leaseMs`; false when the claim was lost. */
  async renew(mail: ClaimedMailRow, leaseMs: number): Promise<boolean> {
    return (await runStatement(this.dataSource, renewMailLease, [mail.id, mail.attempts, leaseMs, mail.business_id])).length > 0;
  }

  /**
   * The server accepted the mail: `sent`, with invoice.sent for an invoice in one transaction (the
   * event reaches the feed and webhooks like any other), unless the claim was lost to another process meanwhile.
   */
  async sent(mail: ClaimedMailRow, invoiceNumber: string): Promise<boolean> {
    return this.uow.run(async (tx) => {
      const [row] = await tx.run(markMailSent, [mail.id, mail.attempts, mail.business_id]);
      if (!row) return false;
      if (mail.kind !== 'invoice' || !mail.business_id || !mail.invoice_id) return true;
      tx.record(
        new InvoiceSentEvent(mail.business_id, {
          invoice_id: mail.invoice_id,
          invoice_number: invoiceNumber,
          to: mail.recipient,
          sent_at: row.sent_at.toISOString(),
        }),
      );
      return true;
    });
  }

  /** A failed attempt: pending again after `retryInMs`, or failed (null). */
  async failed(mail: ClaimedMailRow, error: string, retryInMs: number | null): Promise<void> {
    await runStatement(this.dataSource, markMailFailed, [mail.id, mail.attempts, error, retryInMs, mail.business_id]);
  }
}
