import { Check, Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/**
 * One sending of an invoice by email (docs/api.md 17), and the mail outbox: written in the
 * transaction that asks for it (the order, POST /invoices/:id/send), then claimed and sent after
 * commit by the documents module's MailDispatcher. `sending` is a claim: `next_attempt_at` is then its
 * lease, after which another process may take the row over. The invoice shows its latest row.
 */
@Entity('invoice_emails')
@Index('invoice_emails_invoice_idx', ['businessId', 'invoiceId', 'createdAt'])
@Index('invoice_emails_due_idx', ['nextAttemptAt'], { where: "status IN ('pending', 'sending')" })
@Check('invoice_emails_status_check', "status IN ('pending', 'sending', 'sent', 'failed')")
export class InvoiceEmail {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'invoice_emails_pkey' })
  id: string;

  @Column('uuid')
  businessId: string;

  @Column('uuid')
  invoiceId: string;

  /** a validated address (IsEmailAddress): never a display name, never CR/LF */
  @Column('text')
  recipient: string;

  @Column('text')
  status: string;

  @Column('integer', { default: 0 })
  attempts: number;

  @Column('integer')
  attemptLimit: number;

  /** when it is due (pending), or when its claim lapses (sending); null once sent or failed */
  @Column('timestamptz', { nullable: true })
  nextAttemptAt: Date | null;

  @Column('text', { nullable: true })
  lastError: string | null;

  @Column('timestamptz', { nullable: true })
  sentAt: Date | null;

  @Column('timestamptz', { default: () => 'now()' })
  createdAt: Date;

  @Column('timestamptz', { default: () => 'now()' })
  updatedAt: Date;

  /** W3C traceparent of the traced request that queued the mail: its sending's span links to it (null untraced) */
  @Column('text', { nullable: true })
  traceParent: string | null;
}
