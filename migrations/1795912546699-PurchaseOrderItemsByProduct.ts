import { MigrationInterface, QueryRunner } from 'typeorm';

export class PurchaseOrderItemsByProduct1795912546699 implements MigrationInterface {
  name = 'PurchaseOrderItemsByProduct1795912546699';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE INDEX "purchase_order_items_product_idx" ON "purchase_order_items" ("business_id", "product_id") `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."purchase_order_items_product_idx"`);
  }
}
