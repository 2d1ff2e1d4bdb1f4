import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * GET /search (docs/api.md 21) matches names and emails anywhere in the text and SKUs, barcodes and
 * phone digits by prefix, case-insensitively: trigram GIN indexes (pg_trgm) on the lower-cased
 * columns serve `lower(col) LIKE '%term%'` and `LIKE 'term%'` alike. Order and invoice numbers need
 * none: a number prefix is read as ranges of the (business_id, number) unique indexes. Customers are
 * listed by their label (name, else email, else phone): customers_business_label_idx gives that order,
 * so a query most customers match stops at the fifth (products have products_business_list_order_idx).
 * Expression GIN indexes are beyond TypeORM's entity decorators: the entities name them with
 * `synchronize: false`. CREATE EXTENSION and GIN indexes run on Citus as they are.
 */
export class SearchIndexes1795896676968 implements MigrationInterface {
  name = 'SearchIndexes1795896676968';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE EXTENSION IF NOT EXISTS pg_trgm`);
    await q.query(`CREATE INDEX products_name_trgm_idx ON products USING gin (lower(name) gin_trgm_ops)`);
    await q.query(`CREATE INDEX products_sku_trgm_idx ON products USING gin (lower(sku) gin_trgm_ops)`);
    await q.query(`CREATE INDEX products_barcode_trgm_idx ON products USING gin (lower(barcode) gin_trgm_ops)`);
    await q.query(`CREATE INDEX customers_name_trgm_idx ON customers USING gin (lower(name) gin_trgm_ops)`);
    await q.query(`CREATE INDEX customers_email_trgm_idx ON customers USING gin (email_normalized gin_trgm_ops)`);
    await q.query(`CREATE INDEX customers_phone_trgm_idx ON customers USING gin (phone_normalized gin_trgm_ops)`);
    await q.query(`CREATE INDEX customers_business_label_idx ON customers (business_id, lower(coalesce(name, email, phone)), id)`);
    await q.query(`CREATE INDEX suppliers_name_trgm_idx ON suppliers USING gin (lower(name) gin_trgm_ops)`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const index of [
      'suppliers_name_trgm_idx',
      'customers_business_label_idx',
      'customers_phone_trgm_idx',
      'customers_email_trgm_idx',
      'customers_name_trgm_idx',
      'products_barcode_trgm_idx',
      'products_sku_trgm_idx',
      'products_name_trgm_idx',
    ]) {
      await q.query(`DROP INDEX ${index}`);
    }
  }
}
