import { MigrationInterface, QueryRunner } from 'typeorm';

export class ProductTaxRateIndex1795911840700 implements MigrationInterface {
  name = 'ProductTaxRateIndex1795911840700';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."products_business_tax_rate_idx"`);
    await queryRunner.query(`CREATE INDEX "products_tax_rate_idx" ON "products" ("tax_rate_id") WHERE tax_rate_id IS NOT NULL`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."products_tax_rate_idx"`);
    await queryRunner.query(`CREATE INDEX "products_business_tax_rate_idx" ON "products" ("business_id", "tax_rate_id") `);
  }
}
