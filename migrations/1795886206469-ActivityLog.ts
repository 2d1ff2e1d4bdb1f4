import { MigrationInterface, QueryRunner } from 'typeorm';

export class ActivityLog1795886206469 implements MigrationInterface {
  name = 'ActivityLog1795886206469';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "activity_entries" ("business_id" uuid NOT NULL, "id" uuid NOT NULL, "occurred_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "actor_type" text NOT NULL, "actor_id" uuid, "actor_name" text NOT NULL, "action" text NOT NULL, "resource_type" text NOT NULL, "resource_id" text, "resource_label" text, "changes" jsonb, "request_id" text, "ip" text, "user_agent" text, CONSTRAINT "activity_entries_actor_type" CHECK (actor_type IN ('staff', 'key', 'system')), CONSTRAINT "activity_entries_pkey" PRIMARY KEY ("business_id", "id"))`,
    );
    await queryRunner.query(`CREATE INDEX "activity_entries_retention_idx" ON "activity_entries" ("occurred_at") `);
    await queryRunner.query(`CREATE INDEX "activity_entries_actor_idx" ON "activity_entries" ("business_id", "actor_id", "occurred_at", "id") `);
    await queryRunner.query(
      `CREATE INDEX "activity_entries_resource_idx" ON "activity_entries" ("business_id", "resource_type", "resource_id", "occurred_at", "id") `,
    );
    await queryRunner.query(`CREATE INDEX "activity_entries_business_newest_idx" ON "activity_entries" ("business_id", "occurred_at", "id") `);
    await queryRunner.query(`ALTER TABLE "returns" ADD "created_by_type" text`);
    await queryRunner.query(`ALTER TABLE "returns" ADD "created_by_id" uuid`);
    await queryRunner.query(`ALTER TABLE "returns" ADD "created_by_name" text`);
    await queryRunner.query(`ALTER TABLE "sales" ADD "created_by_type" text`);
    await queryRunner.query(`ALTER TABLE "sales" ADD "created_by_id" uuid`);
    await queryRunner.query(`ALTER TABLE "sales" ADD "created_by_name" text`);
    await queryRunner.query(`ALTER TABLE "credit_notes" ADD "created_by_type" text`);
    await queryRunner.query(`ALTER TABLE "credit_notes" ADD "created_by_id" uuid`);
    await queryRunner.query(`ALTER TABLE "credit_notes" ADD "created_by_name" text`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "credit_notes" DROP COLUMN "created_by_name"`);
    await queryRunner.query(`ALTER TABLE "credit_notes" DROP COLUMN "created_by_id"`);
    await queryRunner.query(`ALTER TABLE "credit_notes" DROP COLUMN "created_by_type"`);
    await queryRunner.query(`ALTER TABLE "sales" DROP COLUMN "created_by_name"`);
    await queryRunner.query(`ALTER TABLE "sales" DROP COLUMN "created_by_id"`);
    await queryRunner.query(`ALTER TABLE "sales" DROP COLUMN "created_by_type"`);
    await queryRunner.query(`ALTER TABLE "returns" DROP COLUMN "created_by_name"`);
    await queryRunner.query(`ALTER TABLE "returns" DROP COLUMN "created_by_id"`);
    await queryRunner.query(`ALTER TABLE "returns" DROP COLUMN "created_by_type"`);
    await queryRunner.query(`DROP INDEX "public"."activity_entries_business_newest_idx"`);
    await queryRunner.query(`DROP INDEX "public"."activity_entries_resource_idx"`);
    await queryRunner.query(`DROP INDEX "public"."activity_entries_actor_idx"`);
    await queryRunner.query(`DROP INDEX "public"."activity_entries_retention_idx"`);
    await queryRunner.query(`DROP TABLE "activity_entries"`);
  }
}
