import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Analytics rollups, filled lazily by reads for CLOSED days only (a day that ended in the business
 * time zone more than a grace period ago), never by the order write path: no per-business-per-day
 * row is updated inside an order, so concurrent orders never queue on a rollup row.
 *
 * - analytics_daily_sales: one row per (business, closed day), also for days without sales, so a
 *   row's presence means "this day is rolled up" (it is the marker for the product rows too).
 * - analytics_daily_products: quantity and line revenue per (business, closed day, product).
 * - analytics_hourly_sales / analytics_hourly_products: the same per closed hour bucket of the
 *   OPEN days (today, and yesterday during its grace period), so what is aggregated live is at
 *   most about two hours of sales; dropped once their day is rolled up.
 * - analytics_customer_snapshots: the closed part of /analytics/customers for a window starting
 *   on first_day, up to the instant `through` (per-customer distinct counts do not add up across
 *   days, so the result is kept whole and merged with the sales after `through`).
 *
 * AnalyticsRollupService.invalidate deletes the rows a changed sale affects.
 */
export class Analytics1763800004000 implements MigrationInterface {
  name = 'Analytics1763800004000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE analytics_daily_sales (
        business_id uuid NOT NULL,
        day date NOT NULL,
        orders integer NOT NULL,
        revenue numeric(16,2) NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (business_id, day)
      );

      CREATE TABLE analytics_daily_products (
        business_id uuid NOT NULL,
        day date NOT NULL,
        product_id uuid NOT NULL,
        quantity numeric(16,3) NOT NULL,
        revenue numeric(16,2) NOT NULL,
        PRIMARY KEY (business_id, day, product_id)
      );

      CREATE TABLE analytics_hourly_sales (
        business_id uuid NOT NULL,
        day date NOT NULL,
        hour smallint NOT NULL,
        orders integer NOT NULL,
        revenue numeric(16,2) NOT NULL,
        PRIMARY KEY (business_id, day, hour)
      );

      CREATE TABLE analytics_hourly_products (
        business_id uuid NOT NULL,
        day date NOT NULL,
        hour smallint NOT NULL,
        product_id uuid NOT NULL,
        quantity numeric(16,3) NOT NULL,
        revenue numeric(16,2) NOT NULL,
        PRIMARY KEY (business_id, day, hour, product_id)
      );

      CREATE TABLE analytics_customer_snapshots (
        business_id uuid NOT NULL,
        first_day date NOT NULL,
        through timestamptz NOT NULL,
        data jsonb NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (business_id, first_day, through)
      );
      CREATE INDEX analytics_customer_snapshots_through_idx ON analytics_customer_snapshots (business_id, through);
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS analytics_customer_snapshots, analytics_hourly_products, analytics_hourly_sales,
      analytics_daily_products, analytics_daily_sales;`);
  }
}
