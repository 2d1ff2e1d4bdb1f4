import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Running totals per product over the daily product rollup (issue 13: margin and top-products of long
 * windows read two rows per product instead of one per product and day), and how far each business's
 * are right. Both start empty: the next report read of a business builds them.
 */
export class ProductRunningTotals1763800014000 implements MigrationInterface {
  name = 'ProductRunningTotals1763800014000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE analytics_product_totals (
        business_id uuid NOT NULL,
        product_id uuid NOT NULL,
        day date NOT NULL,
        quantity numeric NOT NULL,
        revenue numeric NOT NULL,
        cost numeric NOT NULL,
        CONSTRAINT analytics_product_totals_pkey PRIMARY KEY (business_id, product_id, day)
      );
      CREATE INDEX analytics_product_totals_day_idx ON analytics_product_totals (business_id, day);
      CREATE TABLE analytics_product_totals_state (
        business_id uuid NOT NULL,
        through date NOT NULL,
        CONSTRAINT analytics_product_totals_state_pkey PRIMARY KEY (business_id)
      );
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE analytics_product_totals_state; DROP TABLE analytics_product_totals;`);
  }
}
