import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Returns, refunds and credit notes (docs/api.md 12): the returns and their lines, credit notes
 * (lines read from the return), what a sale, its lines and its invoice have had refunded, and the
 * two new gapless counters for every existing business. A cancelled order counts as refunded in full.
 */
export class Returns1763800009000 implements MigrationInterface {
  name = 'Returns1763800009000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "return_items" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "business_id" uuid NOT NULL, "return_id" uuid NOT NULL, "line_no" integer NOT NULL, "sale_item_id" uuid NOT NULL, "product_id" uuid NOT NULL, "quantity" numeric(14,3) NOT NULL, "restock" boolean NOT NULL, "warehouse_id" uuid, "amount" numeric(14,2) NOT NULL, CONSTRAINT "return_items_quantity_check" CHECK (quantity > 0), CONSTRAINT "return_items_pkey" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "return_items_return_idx" ON "return_items" ("business_id", "return_id", "line_no") `);
    await queryRunner.query(
      `CREATE TABLE "returns" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "business_id" uuid NOT NULL, "number" bigint NOT NULL, "return_number" text NOT NULL, "sale_id" uuid NOT NULL, "customer_id" uuid, "subtotal" numeric(14,2) NOT NULL, "tax_amount" numeric(14,2) NOT NULL, "discount_amount" numeric(14,2) NOT NULL, "shipping_amount" numeric(14,2) NOT NULL, "total" numeric(14,2) NOT NULL, "points_reversed" bigint NOT NULL DEFAULT '0', "credit_note_id" uuid, "reason" text, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "returns_pkey" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "returns_business_created_idx" ON "returns" ("business_id", "created_at") `);
    await queryRunner.query(`CREATE INDEX "returns_business_sale_idx" ON "returns" ("business_id", "sale_id") `);
    await queryRunner.query(`CREATE UNIQUE INDEX "returns_business_number_uq" ON "returns" ("business_id", "number") `);
    await queryRunner.query(
      `CREATE TABLE "credit_notes" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "business_id" uuid NOT NULL, "number" bigint NOT NULL, "credit_note_number" text NOT NULL, "invoice_id" uuid NOT NULL, "return_id" uuid NOT NULL, "sale_id" uuid NOT NULL, "customer_id" uuid, "subtotal" numeric(14,2) NOT NULL, "tax_amount" numeric(14,2) NOT NULL, "discount_amount" numeric(14,2) NOT NULL, "shipping_amount" numeric(14,2) NOT NULL, "total" numeric(14,2) NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "credit_notes_pkey" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "credit_notes_return_uq" ON "credit_notes" ("return_id") `);
    await queryRunner.query(`CREATE INDEX "credit_notes_business_created_idx" ON "credit_notes" ("business_id", "created_at") `);
    await queryRunner.query(`CREATE INDEX "credit_notes_business_invoice_idx" ON "credit_notes" ("business_id", "invoice_id") `);
    await queryRunner.query(`CREATE UNIQUE INDEX "credit_notes_business_number_uq" ON "credit_notes" ("business_id", "number") `);
    await queryRunner.query(`ALTER TABLE "stock_movements" ADD "return_id" uuid`);
    await queryRunner.query(`ALTER TABLE "sales" ADD "refunded_amount" numeric(14,2) NOT NULL DEFAULT '0'`);
    await queryRunner.query(`ALTER TABLE "sales" ADD "shipping_refunded" boolean NOT NULL DEFAULT false`);
    await queryRunner.query(`ALTER TABLE "sale_items" ADD "returned_quantity" numeric(14,3) NOT NULL DEFAULT '0'`);
    await queryRunner.query(`ALTER TABLE "sale_items" ADD "returned_amount" numeric(14,2) NOT NULL DEFAULT '0'`);
    await queryRunner.query(`ALTER TABLE "invoices" ADD "credited_amount" numeric(14,2) NOT NULL DEFAULT '0'`);
    await queryRunner.query(`UPDATE "sales" SET "refunded_amount" = "total" WHERE "status" = 'cancelled'`);
    await queryRunner.query(
      `INSERT INTO "business_counters" ("business_id", "name") SELECT "id", n FROM "businesses", unnest(ARRAY['return', 'credit_note']) n ON CONFLICT DO NOTHING`,
    );
    await queryRunner.query(`ALTER TABLE "sales" ADD CONSTRAINT "sales_refunded_amount_check" CHECK (refunded_amount >= 0 AND refunded_amount <= total)`);
    await queryRunner.query(
      `ALTER TABLE "sale_items" ADD CONSTRAINT "sale_items_returned_quantity_check" CHECK (returned_quantity >= 0 AND returned_quantity <= quantity)`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DELETE FROM "business_counters" WHERE "name" IN ('return', 'credit_note')`);
    await queryRunner.query(`ALTER TABLE "sale_items" DROP CONSTRAINT "sale_items_returned_quantity_check"`);
    await queryRunner.query(`ALTER TABLE "sales" DROP CONSTRAINT "sales_refunded_amount_check"`);
    await queryRunner.query(`ALTER TABLE "invoices" DROP COLUMN "credited_amount"`);
    await queryRunner.query(`ALTER TABLE "sale_items" DROP COLUMN "returned_amount"`);
    await queryRunner.query(`ALTER TABLE "sale_items" DROP COLUMN "returned_quantity"`);
    await queryRunner.query(`ALTER TABLE "sales" DROP COLUMN "shipping_refunded"`);
    await queryRunner.query(`ALTER TABLE "sales" DROP COLUMN "refunded_amount"`);
    await queryRunner.query(`ALTER TABLE "stock_movements" DROP COLUMN "return_id"`);
    await queryRunner.query(`DROP INDEX "public"."credit_notes_business_number_uq"`);
    await queryRunner.query(`DROP INDEX "public"."credit_notes_business_invoice_idx"`);
    await queryRunner.query(`DROP INDEX "public"."credit_notes_business_created_idx"`);
    await queryRunner.query(`DROP INDEX "public"."credit_notes_return_uq"`);
    await queryRunner.query(`DROP TABLE "credit_notes"`);
    await queryRunner.query(`DROP INDEX "public"."returns_business_number_uq"`);
    await queryRunner.query(`DROP INDEX "public"."returns_business_sale_idx"`);
    await queryRunner.query(`DROP INDEX "public"."returns_business_created_idx"`);
    await queryRunner.query(`DROP TABLE "returns"`);
    await queryRunner.query(`DROP INDEX "public"."return_items_return_idx"`);
    await queryRunner.query(`DROP TABLE "return_items"`);
  }
}
