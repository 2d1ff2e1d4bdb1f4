import { MigrationInterface, QueryRunner } from 'typeorm';

/** The invoice mail outbox and each sending's status (docs/api.md 17): see InvoiceEmail. */
export class InvoiceEmails1795812690458 implements MigrationInterface {
  name = 'InvoiceEmails1795812690458';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "invoice_emails" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "business_id" uuid NOT NULL, "invoice_id" uuid NOT NULL, "recipient" text NOT NULL, "status" text NOT NULL, "attempts" integer NOT NULL DEFAULT '0', "attempt_limit" integer NOT NULL, "next_attempt_at" TIMESTAMP WITH TIME ZONE, "last_error" text, "sent_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "invoice_emails_status_check" CHECK (status IN ('pending', 'sending', 'sent', 'failed')), CONSTRAINT "invoice_emails_pkey" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "invoice_emails_due_idx" ON "invoice_emails" ("next_attempt_at") WHERE status IN ('pending', 'sending')`);
    await queryRunner.query(`CREATE INDEX "invoice_emails_invoice_idx" ON "invoice_emails" ("business_id", "invoice_id", "created_at") `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."invoice_emails_invoice_idx"`);
    await queryRunner.query(`DROP INDEX "public"."invoice_emails_due_idx"`);
    await queryRunner.query(`DROP TABLE "invoice_emails"`);
  }
}
