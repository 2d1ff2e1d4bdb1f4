import { defineStatement } from '../../../database/statement';

/**
 * The mail dispatcher's statements on invoice_emails (the mail outbox), each ONE statement committed
 * on its own, like the webhook dispatcher's (webhooks/persistence/deliveries.sql.ts): rows are claimed
 * with FOR UPDATE SKIP LOCKED and leased, so any number of processes drain the table without two
 * taking one mail; a claim whose process died is taken over when its lease runs out.
 */

/**
 * The business_id of a user's own mail (a password reset), which belongs to no one business: the nil
 * UUID, which no business has. business_id keys every row (it is the distribution column on Citus).
 */
export const USER_MAIL_BUSINESS = '00000000-0000-0000-0000-000000000000';

/** Rows are written in the request's transaction: the order's numbered statement (mail-sale.sql.ts) or POST /invoices/:id/send. */
export const queueInvoiceEmail = defineStatement<
  [businessId: string, invoiceId: string, recipient: string, attemptLimit: number, traceParent: string | null],
  { id: string }
>(
  'documents.queueInvoiceEmail',
  `INSERT INTO invoice_emails (business_id, invoice_id, recipient, status, attempts, attempt_limit, next_attempt_at, trace_parent)
   VALUES ($1, $2, $3, 'pending', 0, $4, now(), $5)
   RETURNING id`,
);

/**
 * A staff invitation's or a password reset's mail (docs/api.md 19), written in the transaction of
 * POST /staff, POST /staff/:id/invite or POST /auth/forgot-password: it names the token, whose value
 * is drawn only as the mail is composed (staff/staff-mail.composer.ts).
 */
export const queueStaffEmail = defineStatement<
  [businessId: string, kind: 'staff_invite' | 'password_reset', staffTokenId: string, recipient: string, attemptLimit: number, traceParent: string | null],
  { id: string }
>(
  'documents.queueStaffEmail',
  `INSERT INTO invoice_emails (business_id, kind, staff_token_id, recipient, status, attempts, attempt_limit, next_attempt_at, trace_parent)
   VALUES ($1, $2, $3, $4, 'pending', 0, $5, now(), $6)
   RETURNING id`,
);

/** An order's receipt (docs/api.md 21), written in the transaction of POST /orders/:id/receipt/send. */
export const queueReceiptEmail = defineStatement<
  [businessId: string, saleId: string, recipient: string, attemptLimit: number, traceParent: string | null],
  { id: string }
>(
  'documents.queueReceiptEmail',
  `INSERT INTO invoice_emails (business_id, kind, sale_id, recipient, status, attempts, attempt_limit, next_attempt_at, trace_parent)
   VALUES ($1, 'receipt', $2, $3, 'pending', 0, $4, now(), $5)
   RETURNING id`,
);

export interface ClaimedMailRow {
  id: string;
  kind: 'invoice' | 'staff_invite' | 'password_reset' | 'receipt';
  business_id: string;
  invoice_id: string | null;
  sale_id: string | null;
  staff_token_id: string | null;
  recipient: string;
  attempts: number;
  attempt_limit: number;
  trace_parent: string | null;
}

/**
 * Claims up to $1 due mails (pending and due, or sending with a lapsed lease) for $2 ms: each becomes
 * `sending` with one more attempt. The due condition is re-checked on the locked row, so a row another
 * process claimed meanwhile is skipped. Planned per run: it starts with the process, often on an empty table.
 */
function claimMailsSql(oneBusiness: boolean): string {
  const b = (alias: string): string => (oneBusiness ? ` AND ${alias}.business_id = $3` : '');
  return `UPDATE invoice_emails e
      SET status = 'sending', attempts = e.attempts + 1, next_attempt_at = now() + $2 * interval '1 millisecond', updated_at = now()
    WHERE e.id = ANY (ARRAY(
            SELECT d.id FROM invoice_emails d
             WHERE d.status IN ('pending', 'sending') AND d.next_attempt_at <= now()${b('d')}
             ORDER BY d.next_attempt_at
             LIMIT $1
             FOR UPDATE SKIP LOCKED))
      AND e.status IN ('pending', 'sending') AND e.next_attempt_at <= now()${b('e')}
   RETURNING e.id, e.kind, e.business_id, e.invoice_id, e.sale_id, e.staff_token_id, e.recipient, e.attempts, e.attempt_limit, e.trace_parent`;
}

export const claimMails = defineStatement<[limit: number, leaseMs: number], ClaimedMailRow>('documents.claimMails', claimMailsSql(false), {
  plannedPerRun: true,
});

/** claimMails within business $3: on Citus, a router query, run for each business with due mail (businessesWithDueMail). */
export const claimMailsOfBusiness = defineStatement<[limit: number, leaseMs: number, businessId: string], ClaimedMailRow>(
  'documents.claimMailsOfBusiness',
  claimMailsSql(true),
  { plannedPerRun: true },
);

/** Up to $1 businesses with due mail (Citus: a read across the shards, locking nothing; the nil UUID for users' own mails). */
export const businessesWithDueMail = defineStatement<[limit: number], { business_id: string }>(
  'documents.businessesWithDueMail',
  `SELECT DISTINCT business_id FROM invoice_emails WHERE status IN ('pending', 'sending') AND next_attempt_at <= now() LIMIT $1`,
);

/**
 * Attempt $2 of mail $1 is about to open its SMTP session: its lease is renewed to $3 ms from now
 * (longer than any session), unless the claim was lost meanwhile (rendering took longer than the
 * claim's lease and another process took the mail over). Returns the row when it is still this attempt's.
 */
export const renewMailLease = defineStatement<[id: string, attempts: number, leaseMs: number, businessId: string], { id: string }>(
  'documents.renewMailLease',
  `UPDATE invoice_emails SET next_attempt_at = now() + $3 * interval '1 millisecond', updated_at = now()
    WHERE business_id = $4 AND id = $1 AND status = 'sending' AND attempts = $2
   RETURNING id`,
);

/**
 * The mail $1 was accepted by the SMTP server on its attempt $2: sent, unless the claim was lost
 * (another process took it over after the lease). Returns the row when it was this attempt's.
 */
export const markMailSent = defineStatement<[id: string, attempts: number, businessId: string], { sent_at: Date }>(
  'documents.markMailSent',
  `UPDATE invoice_emails SET status = 'sent', sent_at = now(), next_attempt_at = NULL, last_error = NULL, updated_at = now()
    WHERE business_id = $3 AND id = $1 AND status = 'sending' AND attempts = $2
   RETURNING sent_at`,
);

/**
 * Attempt $2 of mail $1 failed with $3: pending again in $4 ms, or failed when $4 is null (then
 * `next_attempt_at` is null too: now() + null; Citus refuses now() inside a CASE).
 */
export const markMailFailed = defineStatement<[id: string, attempts: number, error: string, retryInMs: number | null, businessId: string], { id: string }>(
  'documents.markMailFailed',
  `UPDATE invoice_emails
      SET status = CASE WHEN $4::int IS NULL THEN 'failed' ELSE 'pending' END,
          next_attempt_at = now() + $4::int * interval '1 millisecond',
          last_error = $3, updated_at = now()
    WHERE business_id = $5 AND id = $1 AND status = 'sending' AND attempts = $2
   RETURNING id`,
);
