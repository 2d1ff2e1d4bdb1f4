import { MigrationInterface, QueryRunner } from 'typeorm';

export class StaffAccounts1795885835360 implements MigrationInterface {
  name = 'StaffAccounts1795885835360';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "users" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "email" text NOT NULL, "name" text NOT NULL, "password_hash" text, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "users_pkey" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "roles" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "business_id" uuid NOT NULL, "name" text NOT NULL, "scopes" text array NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "roles_scopes_not_empty" CHECK (cardinality(scopes) > 0), CONSTRAINT "roles_pkey" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "business_members" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "business_id" uuid NOT NULL, "user_id" uuid NOT NULL, "built_in_role" text, "role_id" uuid, "status" text NOT NULL DEFAULT 'invited', "last_sign_in_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "business_members_status" CHECK (status IN ('invited', 'active', 'disabled')), CONSTRAINT "business_members_one_role" CHECK ((built_in_role IS NULL) <> (role_id IS NULL)), CONSTRAINT "business_members_pkey" PRIMARY KEY ("id"))`,
    );
    // one user per email and one role per name in a business, compared case-insensitively
    await queryRunner.query(`CREATE UNIQUE INDEX "users_email_uq" ON "users" (lower("email"))`);
    await queryRunner.query(`CREATE UNIQUE INDEX "roles_business_name_uq" ON "roles" ("business_id", lower("name"))`);
    await queryRunner.query(`CREATE INDEX "business_members_role_idx" ON "business_members" ("business_id", "role_id") `);
    await queryRunner.query(`CREATE INDEX "business_members_user_idx" ON "business_members" ("user_id") `);
    await queryRunner.query(`CREATE UNIQUE INDEX "business_members_business_user_uq" ON "business_members" ("business_id", "user_id") `);
    await queryRunner.query(
      `ALTER TABLE "roles" ADD CONSTRAINT "roles_business_id_fkey" FOREIGN KEY ("business_id") REFERENCES "businesses"("id") ON DELETE NO ACTION ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "business_members" ADD CONSTRAINT "business_members_business_id_fkey" FOREIGN KEY ("business_id") REFERENCES "businesses"("id") ON DELETE NO ACTION ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "business_members" ADD CONSTRAINT "business_members_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE NO ACTION ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "business_members" ADD CONSTRAINT "business_members_role_id_fkey" FOREIGN KEY ("role_id") REFERENCES "roles"("id") ON DELETE NO ACTION ON UPDATE NO ACTION`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "business_members" DROP CONSTRAINT "business_members_role_id_fkey"`);
    await queryRunner.query(`ALTER TABLE "business_members" DROP CONSTRAINT "business_members_user_id_fkey"`);
    await queryRunner.query(`ALTER TABLE "business_members" DROP CONSTRAINT "business_members_business_id_fkey"`);
    await queryRunner.query(`ALTER TABLE "roles" DROP CONSTRAINT "roles_business_id_fkey"`);
    await queryRunner.query(`DROP INDEX "public"."business_members_business_user_uq"`);
    await queryRunner.query(`DROP INDEX "public"."business_members_user_idx"`);
    await queryRunner.query(`DROP INDEX "public"."business_members_role_idx"`);
    await queryRunner.query(`DROP INDEX "public"."roles_business_name_uq"`);
    await queryRunner.query(`DROP INDEX "public"."users_email_uq"`);
    await queryRunner.query(`DROP TABLE "business_members"`);
    await queryRunner.query(`DROP TABLE "roles"`);
    await queryRunner.query(`DROP TABLE "users"`);
  }
}
