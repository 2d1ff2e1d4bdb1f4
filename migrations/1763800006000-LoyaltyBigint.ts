import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Loyalty points as bigint: points = floor(order total) and a total goes up to 999,999,999,999.99
 * (numeric(14,2)), so one order's points, and any balance or lifetime figure, can pass 2^31 - 1.
 * The balance keeps its CHECK (balance >= 0); the column type change rewrites the tables once.
 */
export class LoyaltyBigint1763800006000 implements MigrationInterface {
  name = 'LoyaltyBigint1763800006000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE loyalty_accounts
        ALTER COLUMN balance TYPE bigint,
        ALTER COLUMN lifetime_earned TYPE bigint,
        ALTER COLUMN lifetime_redeemed TYPE bigint;
      ALTER TABLE loyalty_transactions ALTER COLUMN points TYPE bigint;
      ALTER TABLE sales ALTER COLUMN loyalty_points_earned TYPE bigint;
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE sales ALTER COLUMN loyalty_points_earned TYPE integer;
      ALTER TABLE loyalty_transactions ALTER COLUMN points TYPE integer;
      ALTER TABLE loyalty_accounts
        ALTER COLUMN balance TYPE integer,
        ALTER COLUMN lifetime_earned TYPE integer,
        ALTER COLUMN lifetime_redeemed TYPE integer;
    `);
  }
}
