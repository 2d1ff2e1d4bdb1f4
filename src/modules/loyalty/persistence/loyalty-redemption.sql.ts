import { defineStatement } from '../../../database/statement';

export interface RedemptionRow {
  /** null when the business has no such customer */
  customer_id: string | null;
  /** bigint; null when the balance did not cover the points (nothing was written) */
  new_balance: string | null;
  transaction_id: string | null;
}

/**
 * A manual redemption of $3 points from customer $2's account, described by $4, in one statement:
 * the account is debited only WHERE its balance covers the points, so concurrent redemptions queue
 * on the row and each re-checks the balance it finds (never read-then-write, never below zero);
 * the `redeem` ledger line is written only when the debit happened.
 */
export const redeemPoints = defineStatement<[businessId: string, customerId: string, points: number, description: string], RedemptionRow>(
  'loyalty.redeem',
  `WITH customer AS (
     SELECT id FROM customers WHERE business_id = $1 AND id = $2
   ), account AS (
     UPDATE loyalty_accounts SET balance = balance - $3::int8, lifetime_redeemed = lifetime_redeemed + $3::int8, updated_at = now()
      WHERE business_id = $1 AND customer_id = $2 AND balance >= $3::int8
     RETURNING balance
   ), redemption AS (
     INSERT INTO loyalty_transactions (business_id, customer_id, type, points, sale_id, description)
     SELECT $1, $2, 'redeem', -$3::int8, NULL, $4::text FROM account
     RETURNING id
   )
   SELECT (SELECT id FROM customer) AS customer_id, (SELECT balance FROM account) AS new_balance,
          (SELECT id FROM redemption) AS transaction_id`,
  { plannedPerRun: true },
);
