import { MigrationInterface, QueryRunner } from 'typeorm';

export class Imports1795909838468 implements MigrationInterface {
  name = 'Imports1795909838468';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "imports" ("business_id" uuid NOT NULL, "id" uuid NOT NULL, "kind" text NOT NULL, "status" text NOT NULL, "file_name" text NOT NULL, "file_path" text, "rows" integer NOT NULL DEFAULT '0', "create_count" integer NOT NULL DEFAULT '0', "update_count" integer NOT NULL DEFAULT '0', "unchanged_count" integer NOT NULL DEFAULT '0', "error_count" integer NOT NULL DEFAULT '0', "progress_done" integer NOT NULL DEFAULT '0', "progress_total" integer NOT NULL DEFAULT '0', "on_error" text NOT NULL DEFAULT 'skip', "columns" text array NOT NULL DEFAULT '{}', "delimiter" text NOT NULL DEFAULT ',', "unknown_columns" text array NOT NULL DEFAULT '{}', "failure" text, "created_by_type" text NOT NULL, "created_by_id" uuid, "created_by_name" text NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "finished_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "imports_created_by_type_check" CHECK (created_by_type IN ('staff', 'key', 'system')), CONSTRAINT "imports_status_check" CHECK (status IN ('validating', 'ready', 'applying', 'done', 'failed', 'cancelled')), CONSTRAINT "imports_kind_check" CHECK (kind IN ('products', 'customers', 'stock')), CONSTRAINT "imports_pkey" PRIMARY KEY ("business_id", "id"))`,
    );
    await queryRunner.query(`CREATE INDEX "imports_status_idx" ON "imports" ("status") `);
    await queryRunner.query(`CREATE INDEX "imports_business_newest_idx" ON "imports" ("business_id", "created_at", "id") `);
    await queryRunner.query(
      `CREATE TABLE "import_rows" ("business_id" uuid NOT NULL, "import_id" uuid NOT NULL, "row" integer NOT NULL, "outcome" text NOT NULL, "key" text, "cells" jsonb NOT NULL, "errors" jsonb NOT NULL DEFAULT '[]', "applied" boolean NOT NULL DEFAULT false, CONSTRAINT "import_rows_outcome_check" CHECK (outcome IN ('create', 'update', 'unchanged', 'error')), CONSTRAINT "import_rows_pkey" PRIMARY KEY ("business_id", "import_id", "row"))`,
    );
    await queryRunner.query(`CREATE INDEX "import_rows_outcome_idx" ON "import_rows" ("business_id", "import_id", "outcome", "row") `);
    await queryRunner.query(
      `ALTER TABLE "imports" ADD CONSTRAINT "imports_business_id_fkey" FOREIGN KEY ("business_id") REFERENCES "businesses"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "import_rows" ADD CONSTRAINT "import_rows_import_fkey" FOREIGN KEY ("business_id", "import_id") REFERENCES "imports"("business_id","id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "import_rows" DROP CONSTRAINT "import_rows_import_fkey"`);
    await queryRunner.query(`ALTER TABLE "imports" DROP CONSTRAINT "imports_business_id_fkey"`);
    await queryRunner.query(`DROP INDEX "public"."import_rows_outcome_idx"`);
    await queryRunner.query(`DROP TABLE "import_rows"`);
    await queryRunner.query(`DROP INDEX "public"."imports_business_newest_idx"`);
    await queryRunner.query(`DROP INDEX "public"."imports_status_idx"`);
    await queryRunner.query(`DROP TABLE "imports"`);
  }
}
