import { MigrationInterface, QueryRunner } from 'typeorm';

export class StaffTokens1795886273689 implements MigrationInterface {
  name = 'StaffTokens1795886273689';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "staff_tokens" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "kind" text NOT NULL, "user_id" uuid NOT NULL, "member_id" uuid, "token_hash" bytea, "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL, "used_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "staff_tokens_invite_member" CHECK ((kind = 'invite') = (member_id IS NOT NULL)), CONSTRAINT "staff_tokens_kind" CHECK (kind IN ('invite', 'reset')), CONSTRAINT "staff_tokens_pkey" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "staff_tokens_member_idx" ON "staff_tokens" ("member_id") `);
    await queryRunner.query(`CREATE INDEX "staff_tokens_user_idx" ON "staff_tokens" ("user_id") `);
    await queryRunner.query(`CREATE UNIQUE INDEX "staff_tokens_hash_uq" ON "staff_tokens" ("token_hash") WHERE token_hash IS NOT NULL`);
    await queryRunner.query(`ALTER TABLE "invoice_emails" ADD "kind" text NOT NULL DEFAULT 'invoice'`);
    await queryRunner.query(`ALTER TABLE "invoice_emails" ADD "staff_token_id" uuid`);
    await queryRunner.query(`ALTER TABLE "invoice_emails" ALTER COLUMN "business_id" DROP NOT NULL`);
    await queryRunner.query(`ALTER TABLE "invoice_emails" ALTER COLUMN "invoice_id" DROP NOT NULL`);
    await queryRunner.query(
      `ALTER TABLE "invoice_emails" ADD CONSTRAINT "invoice_emails_kind_subject" CHECK ((kind = 'invoice') = (invoice_id IS NOT NULL) AND (kind = 'invoice') <> (staff_token_id IS NOT NULL))`,
    );
    await queryRunner.query(
      `ALTER TABLE "invoice_emails" ADD CONSTRAINT "invoice_emails_kind_check" CHECK (kind IN ('invoice', 'staff_invite', 'password_reset'))`,
    );
    await queryRunner.query(
      `ALTER TABLE "staff_tokens" ADD CONSTRAINT "staff_tokens_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE NO ACTION ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "staff_tokens" ADD CONSTRAINT "staff_tokens_member_id_fkey" FOREIGN KEY ("member_id") REFERENCES "business_members"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "staff_tokens" DROP CONSTRAINT "staff_tokens_member_id_fkey"`);
    await queryRunner.query(`ALTER TABLE "staff_tokens" DROP CONSTRAINT "staff_tokens_user_id_fkey"`);
    await queryRunner.query(`ALTER TABLE "invoice_emails" DROP CONSTRAINT "invoice_emails_kind_check"`);
    await queryRunner.query(`ALTER TABLE "invoice_emails" DROP CONSTRAINT "invoice_emails_kind_subject"`);
    await queryRunner.query(`ALTER TABLE "invoice_emails" ALTER COLUMN "invoice_id" SET NOT NULL`);
    await queryRunner.query(`ALTER TABLE "invoice_emails" ALTER COLUMN "business_id" SET NOT NULL`);
    await queryRunner.query(`ALTER TABLE "invoice_emails" DROP COLUMN "staff_token_id"`);
    await queryRunner.query(`ALTER TABLE "invoice_emails" DROP COLUMN "kind"`);
    await queryRunner.query(`DROP INDEX "public"."staff_tokens_hash_uq"`);
    await queryRunner.query(`DROP INDEX "public"."staff_tokens_user_idx"`);
    await queryRunner.query(`DROP INDEX "public"."staff_tokens_member_idx"`);
    await queryRunner.query(`DROP TABLE "staff_tokens"`);
  }
}
