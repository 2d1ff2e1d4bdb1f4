import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Sums have no row limit: a customer's total_spent and the analytics rollups add up any number of
 * sales of up to 999,999,999,999.99 each, so they are unbounded numeric (one day of 101 such
 * orders overflowed numeric(16,2); a customer's second one overflowed numeric(14,2)). The
 * application writes them rounded to cents (quantities to thousandths). Dropping a numeric's
 * precision is a catalog change: no table rewrite.
 */
export class UnboundedAggregates1763800007000 implements MigrationInterface {
  name = 'UnboundedAggregates1763800007000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE customers ALTER COLUMN total_spent TYPE numeric;
      ALTER TABLE analytics_hourly_sales ALTER COLUMN revenue TYPE numeric;
      ALTER TABLE analytics_daily_sales ALTER COLUMN revenue TYPE numeric;
      ALTER TABLE analytics_hourly_products ALTER COLUMN quantity TYPE numeric, ALTER COLUMN revenue TYPE numeric;
      ALTER TABLE analytics_daily_products ALTER COLUMN quantity TYPE numeric, ALTER COLUMN revenue TYPE numeric;
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE analytics_daily_products ALTER COLUMN quantity TYPE numeric(16,3), ALTER COLUMN revenue TYPE numeric(16,2);
      ALTER TABLE analytics_hourly_products ALTER COLUMN quantity TYPE numeric(16,3), ALTER COLUMN revenue TYPE numeric(16,2);
      ALTER TABLE analytics_daily_sales ALTER COLUMN revenue TYPE numeric(16,2);
      ALTER TABLE analytics_hourly_sales ALTER COLUMN revenue TYPE numeric(16,2);
      ALTER TABLE customers ALTER COLUMN total_spent TYPE numeric(14,2);
    `);
  }
}
