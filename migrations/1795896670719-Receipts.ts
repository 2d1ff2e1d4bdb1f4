import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Receipts (docs/api.md 21): the business's receipt footer, and an order's receipt as a kind of the
 * mail outbox naming its sale. The checks are named, so the generator does not see their new text:
 * they are replaced by hand (the old rows all satisfy the new ones).
 */
export class Receipts1795896670719 implements MigrationInterface {
  name = 'Receipts1795896670719';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "businesses" ADD "receipt_footer" text`);
    await queryRunner.query(`ALTER TABLE "invoice_emails" ADD "sale_id" uuid`);
    await queryRunner.query(`ALTER TABLE "invoice_emails" DROP CONSTRAINT "invoice_emails_kind_check"`);
    await queryRunner.query(`ALTER TABLE "invoice_emails" DROP CONSTRAINT "invoice_emails_kind_subject"`);
    await queryRunner.query(
      `ALTER TABLE "invoice_emails" ADD CONSTRAINT "invoice_emails_kind_check" CHECK (kind IN ('invoice', 'staff_invite', 'password_reset', 'receipt'))`,
    );
    await queryRunner.query(
      `ALTER TABLE "invoice_emails" ADD CONSTRAINT "invoice_emails_kind_subject" CHECK ((kind = 'invoice') = (invoice_id IS NOT NULL) AND (kind = 'receipt') = (sale_id IS NOT NULL) AND (kind IN ('staff_invite', 'password_reset')) = (staff_token_id IS NOT NULL))`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DELETE FROM "invoice_emails" WHERE kind = 'receipt'`);
    await queryRunner.query(`ALTER TABLE "invoice_emails" DROP CONSTRAINT "invoice_emails_kind_subject"`);
    await queryRunner.query(`ALTER TABLE "invoice_emails" DROP CONSTRAINT "invoice_emails_kind_check"`);
    await queryRunner.query(
      `ALTER TABLE "invoice_emails" ADD CONSTRAINT "invoice_emails_kind_subject" CHECK ((kind = 'invoice') = (invoice_id IS NOT NULL) AND (kind = 'invoice') <> (staff_token_id IS NOT NULL))`,
    );
    await queryRunner.query(
      `ALTER TABLE "invoice_emails" ADD CONSTRAINT "invoice_emails_kind_check" CHECK (kind IN ('invoice', 'staff_invite', 'password_reset'))`,
    );
    await queryRunner.query(`ALTER TABLE "invoice_emails" DROP COLUMN "sale_id"`);
    await queryRunner.query(`ALTER TABLE "businesses" DROP COLUMN "receipt_footer"`);
  }
}
