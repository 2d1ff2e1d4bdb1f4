import { MigrationInterface, QueryRunner } from 'typeorm';

export class Taxes1795909571333 implements MigrationInterface {
  name = 'Taxes1795909571333';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "tax_rates" ("business_id" uuid NOT NULL, "id" uuid NOT NULL, "name" text NOT NULL, "rate" numeric(7,4) NOT NULL, "is_default" boolean NOT NULL DEFAULT false, "archived_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "tax_rates_rate_check" CHECK (rate >= 0 AND rate <= 100), CONSTRAINT "tax_rates_pkey" PRIMARY KEY ("business_id", "id"))`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "tax_rates_business_default_uq" ON "tax_rates" ("business_id") WHERE is_default`);
    await queryRunner.query(
      `CREATE TABLE "sale_tax_lines" ("business_id" uuid NOT NULL, "sale_id" uuid NOT NULL, "tax_rate_id" uuid NOT NULL, "name" text NOT NULL, "rate" numeric(7,4) NOT NULL, "taxable_amount" numeric(14,2) NOT NULL, "tax_amount" numeric(14,2) NOT NULL, "base_amount" numeric(14,2) NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "sale_tax_lines_pkey" PRIMARY KEY ("business_id", "sale_id", "tax_rate_id"))`,
    );
    await queryRunner.query(`CREATE INDEX "sale_tax_lines_business_rate_idx" ON "sale_tax_lines" ("business_id", "tax_rate_id") `);
    await queryRunner.query(`CREATE INDEX "sale_tax_lines_business_created_idx" ON "sale_tax_lines" ("business_id", "created_at") `);
    await queryRunner.query(
      `CREATE TABLE "refund_tax_lines" ("business_id" uuid NOT NULL, "id" uuid NOT NULL, "sale_id" uuid NOT NULL, "return_id" uuid, "tax_rate_id" uuid NOT NULL, "name" text NOT NULL, "rate" numeric(7,4) NOT NULL, "taxable_amount" numeric(14,2) NOT NULL, "tax_amount" numeric(14,2) NOT NULL, "base_amount" numeric(14,2) NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "refund_tax_lines_pkey" PRIMARY KEY ("business_id", "id"))`,
    );
    await queryRunner.query(`CREATE INDEX "refund_tax_lines_business_return_idx" ON "refund_tax_lines" ("business_id", "return_id") `);
    await queryRunner.query(`CREATE INDEX "refund_tax_lines_business_sale_idx" ON "refund_tax_lines" ("business_id", "sale_id") `);
    await queryRunner.query(`CREATE INDEX "refund_tax_lines_business_created_idx" ON "refund_tax_lines" ("business_id", "created_at") `);
    await queryRunner.query(`ALTER TABLE "businesses" ADD "prices_include_tax" boolean NOT NULL DEFAULT false`);
    await queryRunner.query(`ALTER TABLE "businesses" ADD "shipping_tax_rate_id" uuid`);
    await queryRunner.query(`ALTER TABLE "products" ADD "tax_rate_id" uuid`);
    await queryRunner.query(`CREATE INDEX "products_business_tax_rate_idx" ON "products" ("business_id", "tax_rate_id") `);
    await queryRunner.query(
      `ALTER TABLE "tax_rates" ADD CONSTRAINT "tax_rates_business_id_fkey" FOREIGN KEY ("business_id") REFERENCES "businesses"("id") ON DELETE NO ACTION ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "products" ADD CONSTRAINT "products_tax_rate_fkey" FOREIGN KEY ("business_id", "tax_rate_id") REFERENCES "tax_rates"("business_id","id") ON DELETE NO ACTION ON UPDATE NO ACTION`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "products" DROP CONSTRAINT "products_tax_rate_fkey"`);
    await queryRunner.query(`ALTER TABLE "tax_rates" DROP CONSTRAINT "tax_rates_business_id_fkey"`);
    await queryRunner.query(`DROP INDEX "public"."products_business_tax_rate_idx"`);
    await queryRunner.query(`ALTER TABLE "products" DROP COLUMN "tax_rate_id"`);
    await queryRunner.query(`ALTER TABLE "businesses" DROP COLUMN "shipping_tax_rate_id"`);
    await queryRunner.query(`ALTER TABLE "businesses" DROP COLUMN "prices_include_tax"`);
    await queryRunner.query(`DROP INDEX "public"."refund_tax_lines_business_created_idx"`);
    await queryRunner.query(`DROP INDEX "public"."refund_tax_lines_business_sale_idx"`);
    await queryRunner.query(`DROP INDEX "public"."refund_tax_lines_business_return_idx"`);
    await queryRunner.query(`DROP TABLE "refund_tax_lines"`);
    await queryRunner.query(`DROP INDEX "public"."sale_tax_lines_business_created_idx"`);
    await queryRunner.query(`DROP INDEX "public"."sale_tax_lines_business_rate_idx"`);
    await queryRunner.query(`DROP TABLE "sale_tax_lines"`);
    await queryRunner.query(`DROP INDEX "public"."tax_rates_business_default_uq"`);
    await queryRunner.query(`DROP TABLE "tax_rates"`);
  }
}
