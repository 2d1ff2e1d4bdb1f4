import { Injectable } from '@nestjs/common';
import type { Address } from 'nodemailer/lib/mailer';
import { ClaimedMailRow } from '../persistence/mail-outbox.sql';

/** Any mail the dispatcher sends, as nodemailer takes it: addresses as objects, never header text built by hand. */
export interface OutgoingMail {
  from: Address;
  replyTo?: Address;
  to: Address;
  subject: string;
  text: string;
  attachments?: { filename: string; content: Buffer; contentType: string }[];
}

/** What a kind's composer gives for a claimed row: the mail, or why there is nothing to send any more (recorded as failed, not retried). */
export type ComposedMail = { mail: OutgoingMail } | { dropped: string };

/** Composes the mails of one outbox kind other than invoices (the staff module's invitations and resets). */
export interface MailComposer {
  compose(row: ClaimedMailRow, from: string): Promise<ComposedMail>;
}

/**
 * The outbox's kinds beyond invoices, each with its composer, registered by the module that owns
 * the kind when it starts (StaffModule): the outbox, its claims, retries and SMTP sessions stay the
 * documents module's one machinery, which never imports the modules it carries mail for.
 */
@Injectable()
export class MailKinds {
  private readonly composers = new Map<string, MailComposer>();

  register(kind: ClaimedMailRow['kind'], composer: MailComposer): void {
    this.composers.set(kind, composer);
  }

  composerOf(kind: string): MailComposer | undefined {
    return this.composers.get(kind);
  }
}
