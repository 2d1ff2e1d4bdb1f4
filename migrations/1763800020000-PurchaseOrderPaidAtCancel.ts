import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What a purchase order had been paid when it was cancelled, so `cli verify` can tell a payment made
 * in advance (kept above what became payable) from one made after the cancellation (never above
 * min(total, value received)). Orders cancelled before this column existed keep what they were paid:
 * their history cannot say when it was paid.
 */
export class PurchaseOrderPaidAtCancel1763800020000 implements MigrationInterface {
  name = 'PurchaseOrderPaidAtCancel1763800020000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "purchase_orders" ADD "paid_at_cancel" numeric(14,2)`);
    await queryRunner.query(`UPDATE "purchase_orders" SET "paid_at_cancel" = "paid_amount" WHERE "status" = 'cancelled'`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "purchase_orders" DROP COLUMN "paid_at_cancel"`);
  }
}
