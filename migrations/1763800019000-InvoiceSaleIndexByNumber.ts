import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A sale's first invoice (GET /orders, `ORDER BY number LIMIT 1` among the sale's invoices) is one
 * ordered probe of (business_id, sale_id, number) whatever the statistics. On (business_id, sale_id)
 * alone, a plan made while the table was small walked invoices_business_number_uq for the order and
 * filtered sale_id: every invoice of the business, for each order of the page.
 */
export class InvoiceSaleIndexByNumber1763800019000 implements MigrationInterface {
  name = 'InvoiceSaleIndexByNumber1763800019000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX IF EXISTS invoices_business_sale_idx`);
    await q.query(`CREATE INDEX invoices_business_sale_idx ON invoices (business_id, sale_id, number) WHERE sale_id IS NOT NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX IF EXISTS invoices_business_sale_idx`);
    await q.query(`CREATE INDEX invoices_business_sale_idx ON invoices (business_id, sale_id) WHERE sale_id IS NOT NULL`);
  }
}
