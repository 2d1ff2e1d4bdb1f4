import { Check, Column, Entity, Index, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';

/** What an outbox row mails: an invoice (docs/api.md 17), a staff invitation or password reset (19), or an order's receipt (21). */
export const MAIL_KINDS = ['invoice', 'staff_invite', 'password_reset', 'receipt'] as const;
export type MailKind = (typeof MAIL_KINDS)[number];

/**
 * The mail outbox: one sending of an invoice by email (docs/api.md 17), of a staff invitation or
 * password reset (docs/api.md 19), or of an order's receipt (docs/api.md 21) (`kind`), written in the
 * transaction that asks for it (the order, POST /invoices/:id/send, POST /orders/:id/receipt/send,
 * POST /staff, POST /auth/forgot-password), then claimed and sent after commit by the documents
 * module's MailDispatcher. `sending` is a claim: `next_attempt_at` is then its
 * lease, after which another process may take the row over. An invoice shows its latest row.
 */
@Entity('invoice_emails')
@Index('invoice_emails_invoice_idx', ['businessId', 'invoiceId', 'createdAt'])
@Index('invoice_emails_due_idx', ['nextAttemptAt'], { where: "status IN ('pending', 'sending')" })
@Check('invoice_emails_status_check', "status IN ('pending', 'sending', 'sent', 'failed')")
@Check('invoice_emails_kind_check', "kind IN ('invoice', 'staff_invite', 'password_reset', 'receipt')")
@Check(
  'invoice_emails_kind_subject',
  "(kind = 'invoice') = (invoice_id IS NOT NULL) AND (kind = 'receipt') = (sale_id IS NOT NULL) AND (kind IN ('staff_invite', 'password_reset')) = (staff_token_id IS NOT NULL)",
)
export class InvoiceEmail {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'invoice_emails_pkey' })
  id: string;

  /** the business whose mail it is; USER_MAIL_BUSINESS (the nil UUID, no business's) for a password reset, a user's */
  @PrimaryColumn('uuid', { primaryKeyConstraintName: 'invoice_emails_pkey' })
  businessId: string;

  @Column('text', { default: () => "'invoice'" })
  kind: MailKind;

  /** the invoice mailed (kind invoice) */
  @Column('uuid', { nullable: true })
  invoiceId: string | null;

  /** the order whose receipt is mailed (kind receipt) */
  @Column('uuid', { nullable: true })
  saleId: string | null;

  /** the token whose link the mail carries (staff kinds): its value is drawn as the mail is composed */
  @Column('uuid', { nullable: true })
  staffTokenId: string | null;

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
