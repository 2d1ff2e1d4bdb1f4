import { MigrationInterface, QueryRunner } from 'typeorm';

export class WindowProducts1795910628899 implements MigrationInterface {
  name = 'WindowProducts1795910628899';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "analytics_window_products" ("business_id" uuid NOT NULL, "days" integer NOT NULL, "product_id" uuid NOT NULL, "quantity" numeric(33,3) NOT NULL, "revenue" numeric(33,2) NOT NULL, "cost" numeric(33,2) NOT NULL, "margin" numeric(33,2) NOT NULL, "has_revenue" boolean NOT NULL, "margin_percent" numeric NOT NULL, CONSTRAINT "analytics_window_products_pkey" PRIMARY KEY ("business_id", "days", "product_id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "analytics_window_products_percent_idx" ON "analytics_window_products" ("business_id", "days", "has_revenue", "margin_percent") `,
    );
    await queryRunner.query(`CREATE INDEX "analytics_window_products_margin_idx" ON "analytics_window_products" ("business_id", "days", "margin") `);
    await queryRunner.query(
      `CREATE INDEX "analytics_window_products_quantity_idx" ON "analytics_window_products" ("business_id", "days", "quantity", "revenue") `,
    );
    await queryRunner.query(
      `CREATE INDEX "analytics_window_products_revenue_idx" ON "analytics_window_products" ("business_id", "days", "revenue", "quantity") `,
    );
    await queryRunner.query(
      `CREATE TABLE "analytics_window_product_state" ("business_id" uuid NOT NULL, "days" integer NOT NULL, "first_day" date NOT NULL, "through" date NOT NULL, "revenue" numeric(33,2) NOT NULL, "cost" numeric(33,2) NOT NULL, CONSTRAINT "analytics_window_product_state_pkey" PRIMARY KEY ("business_id", "days"))`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "analytics_window_product_state"`);
    await queryRunner.query(`DROP INDEX "public"."analytics_window_products_revenue_idx"`);
    await queryRunner.query(`DROP INDEX "public"."analytics_window_products_quantity_idx"`);
    await queryRunner.query(`DROP INDEX "public"."analytics_window_products_margin_idx"`);
    await queryRunner.query(`DROP INDEX "public"."analytics_window_products_percent_idx"`);
    await queryRunner.query(`DROP TABLE "analytics_window_products"`);
  }
}
