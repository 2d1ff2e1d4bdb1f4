import { MigrationInterface, QueryRunner } from 'typeorm';

export class SaleTaxLineParts1795910412941 implements MigrationInterface {
  name = 'SaleTaxLineParts1795910412941';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "sale_tax_lines" ADD "sale_item_ids" uuid array NOT NULL DEFAULT '{}'`);
    await queryRunner.query(`ALTER TABLE "sale_tax_lines" ADD "includes_shipping" boolean NOT NULL DEFAULT false`);
    await queryRunner.query(`ALTER TABLE "sale_tax_lines" ADD "tax_included" boolean NOT NULL DEFAULT false`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "sale_tax_lines" DROP COLUMN "tax_included"`);
    await queryRunner.query(`ALTER TABLE "sale_tax_lines" DROP COLUMN "includes_shipping"`);
    await queryRunner.query(`ALTER TABLE "sale_tax_lines" DROP COLUMN "sale_item_ids"`);
  }
}
