import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The product rollups also sum the cost of the goods sold (net of returns), so the margin report reads
 * closed days and hours from them like top-products does. Rollups are a cache filled on demand:
 * the rolled-up days are forgotten here and refill, costs included, on their next read.
 */
export class MarginRollups1763800012000 implements MigrationInterface {
  name = 'MarginRollups1763800012000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      TRUNCATE analytics_daily_sales, analytics_daily_products, analytics_hourly_sales, analytics_hourly_products;
      ALTER TABLE analytics_daily_products ADD cost numeric(33,2) NOT NULL DEFAULT '0';
      ALTER TABLE analytics_hourly_products ADD cost numeric(33,2) NOT NULL DEFAULT '0';
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE analytics_hourly_products DROP COLUMN cost;
      ALTER TABLE analytics_daily_products DROP COLUMN cost;
    `);
  }
}
