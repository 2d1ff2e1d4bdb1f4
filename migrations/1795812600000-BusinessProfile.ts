import { MigrationInterface, QueryRunner } from 'typeorm';

/** The business's letterhead on its documents (docs/api.md 17): legal name, address, tax id, contact, footer. */
export class BusinessProfile1795812600000 implements MigrationInterface {
  name = 'BusinessProfile1795812600000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "businesses" ADD "legal_name" text`);
    await queryRunner.query(`ALTER TABLE "businesses" ADD "address_lines" text array`);
    await queryRunner.query(`ALTER TABLE "businesses" ADD "tax_id" text`);
    await queryRunner.query(`ALTER TABLE "businesses" ADD "email" text`);
    await queryRunner.query(`ALTER TABLE "businesses" ADD "phone" text`);
    await queryRunner.query(`ALTER TABLE "businesses" ADD "invoice_footer" text`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "businesses" DROP COLUMN "invoice_footer"`);
    await queryRunner.query(`ALTER TABLE "businesses" DROP COLUMN "phone"`);
    await queryRunner.query(`ALTER TABLE "businesses" DROP COLUMN "email"`);
    await queryRunner.query(`ALTER TABLE "businesses" DROP COLUMN "tax_id"`);
    await queryRunner.query(`ALTER TABLE "businesses" DROP COLUMN "address_lines"`);
    await queryRunner.query(`ALTER TABLE "businesses" DROP COLUMN "legal_name"`);
  }
}
