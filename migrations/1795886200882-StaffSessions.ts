import { MigrationInterface, QueryRunner } from 'typeorm';

export class StaffSessions1795886200882 implements MigrationInterface {
  name = 'StaffSessions1795886200882';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "user_sessions" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "token_hash" text NOT NULL, "csrf_token" text NOT NULL, "user_id" uuid NOT NULL, "business_id" uuid NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "last_seen_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL, "ip" text, "user_agent" text, CONSTRAINT "user_sessions_pkey" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "user_sessions_user_idx" ON "user_sessions" ("user_id", "business_id") `);
    await queryRunner.query(`CREATE UNIQUE INDEX "user_sessions_token_hash_uq" ON "user_sessions" ("token_hash") `);
    await queryRunner.query(`ALTER TABLE "businesses" ADD "require_two_factor" boolean NOT NULL DEFAULT false`);
    await queryRunner.query(`ALTER TABLE "users" ADD "two_factor_secret" text`);
    await queryRunner.query(`ALTER TABLE "users" ADD "two_factor_enabled_at" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(`ALTER TABLE "users" ADD "two_factor_last_step" bigint`);
    await queryRunner.query(`ALTER TABLE "users" ADD "two_factor_recovery_hashes" text array`);
    await queryRunner.query(
      `ALTER TABLE "user_sessions" ADD CONSTRAINT "user_sessions_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "user_sessions" ADD CONSTRAINT "user_sessions_business_id_fkey" FOREIGN KEY ("business_id") REFERENCES "businesses"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "user_sessions" DROP CONSTRAINT "user_sessions_business_id_fkey"`);
    await queryRunner.query(`ALTER TABLE "user_sessions" DROP CONSTRAINT "user_sessions_user_id_fkey"`);
    await queryRunner.query(`ALTER TABLE "users" DROP COLUMN "two_factor_recovery_hashes"`);
    await queryRunner.query(`ALTER TABLE "users" DROP COLUMN "two_factor_last_step"`);
    await queryRunner.query(`ALTER TABLE "users" DROP COLUMN "two_factor_enabled_at"`);
    await queryRunner.query(`ALTER TABLE "users" DROP COLUMN "two_factor_secret"`);
    await queryRunner.query(`ALTER TABLE "businesses" DROP COLUMN "require_two_factor"`);
    await queryRunner.query(`DROP INDEX "public"."user_sessions_token_hash_uq"`);
    await queryRunner.query(`DROP INDEX "public"."user_sessions_user_idx"`);
    await queryRunner.query(`DROP TABLE "user_sessions"`);
  }
}
