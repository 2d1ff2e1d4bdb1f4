import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Sums are sized for the most rows a bigint can count: a customer's total_spent and the analytics
 * rollups add up sales of up to 999,999,999,999.99 each (one day of 101 such orders overflowed
 * numeric(16,2); a customer's second one overflowed numeric(14,2)). 2^63 rows of the largest
 * amount is below 10^31, so numeric(33,2) holds any such sum (quantities: 2^63 x 99,999,999,999.999
 * < 10^30, numeric(33,3)), keeping the scale of the amounts. Raising a numeric's precision at the same
 * scale is a catalog change: no table rewrite.
 */
export class WideAggregates1763800007000 implements MigrationInterface {
  name = 'WideAggregates1763800007000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE customers ALTER COLUMN total_spent TYPE numeric(33,2);
      ALTER TABLE analytics_hourly_sales ALTER COLUMN revenue TYPE numeric(33,2);
      ALTER TABLE analytics_daily_sales ALTER COLUMN revenue TYPE numeric(33,2);
      ALTER TABLE analytics_hourly_products ALTER COLUMN quantity TYPE numeric(33,3), ALTER COLUMN revenue TYPE numeric(33,2);
      ALTER TABLE analytics_daily_products ALTER COLUMN quantity TYPE numeric(33,3), ALTER COLUMN revenue TYPE numeric(33,2);
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
