import { MigrationInterface, QueryRunner } from 'typeorm';

export class CashTender1795896441031 implements MigrationInterface {
  name = 'CashTender1795896441031';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "sales" ADD "cash_tendered" numeric(14,2)`);
    await queryRunner.query(`ALTER TABLE "sales" ADD "change_due" numeric(14,2)`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "sales" DROP COLUMN "change_due"`);
    await queryRunner.query(`ALTER TABLE "sales" DROP COLUMN "cash_tendered"`);
  }
}
