import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Analytics count a returned order at what it kept (docs/api.md 12, issue 30 point 5): a fully returned
 * order with unrefunded shipping or tax counts now, and a fully returned line no longer leaves a product
 * row of zeros. The rollups, running totals and customer snapshots filled by the former rule are a cache
 * filled on demand: they are forgotten here and refill on their next read or warm-up, so `cli verify`
 * compares the books with rollups of one rule.
 */
export class RecountReturnedOrders1763800020500 implements MigrationInterface {
  name = 'RecountReturnedOrders1763800020500';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      TRUNCATE analytics_daily_sales, analytics_daily_products, analytics_hourly_sales, analytics_hourly_products,
               analytics_product_totals, analytics_product_totals_state, analytics_customer_snapshots;
    `);
  }

  async down(): Promise<void> {
    // Nothing to restore: the rollups refill from the sales under whichever rule the code has.
  }
}
