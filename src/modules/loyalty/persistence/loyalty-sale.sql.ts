import { LockRank } from '../../../database/lock-order';
import { defineStatement } from '../../../database/statement';
import type { SaleStatement } from '../../orders/persistence/sale-statement';

export interface SaleEarning {
  customerId: string;
  saleId: string;
  /** whole points, > 0 */
  points: number;
  /** id of the earn transaction, chosen before so the sale row can name it */
  transactionId: string;
}

/**
 * Points earned on a sale, parts of the sale statement: `loyalty.account` credits the account
 * (its row locked after the statement's previous lock), `loyalty.earn` is the ledger line naming
 * the order.
 */
export function addLoyaltyEarning(stmt: SaleStatement, earning: SaleEarning): void {
  const n = stmt.saleNumber;
  const customerId = stmt.param(earning.customerId, 'uuid');
  const points = stmt.param(earning.points, 'int8');
  stmt.add(
    'loyalty.account',
    `INSERT INTO loyalty_accounts (business_id, customer_id, balance, lifetime_earned, updated_at)
     SELECT ${stmt.businessId}, ${customerId}, ${points}, ${points}, ${n.at} FROM ${n.from} WHERE ${stmt.afterLastLock()}
     ON CONFLICT (business_id, customer_id) DO UPDATE
       SET balance = loyalty_accounts.balance + EXCLUDED.balance,
           lifetime_earned = loyalty_accounts.lifetime_earned + EXCLUDED.lifetime_earned,
           updated_at = EXCLUDED.updated_at
     RETURNING customer_id`,
    { lock: LockRank.LoyaltyAccount },
  );
  stmt.add(
    'loyalty.earn',
    `INSERT INTO loyalty_transactions (id, business_id, customer_id, type, points, sale_id, description, created_at)
     SELECT ${stmt.param(earning.transactionId, 'uuid')}, ${stmt.businessId}, ${customerId}, 'earn', ${points},
            ${stmt.param(earning.saleId, 'uuid')}, 'Points earned on order ' || ${n.formatted}, ${n.at}
       FROM ${n.from}`,
  );
}

/** The balance of customer $2's account, its row locked until the transaction ends. */
export const lockLoyaltyAccount = defineStatement<[businessId: string, customerId: string], { balance: string }>(
  'loyalty.lockAccount',
  `SELECT balance FROM loyalty_accounts WHERE business_id = $1 AND customer_id = $2 FOR UPDATE`,
);

/**
 * Takes $3 points back from customer $2's account (balance and lifetime earned: verify's rule is
 * earned = earn + reverse) with a `reverse` ledger line for sale $4 described by $5.
 */
export const reverseLoyaltyPoints = defineStatement<[businessId: string, customerId: string, points: number, saleId: string, description: string]>(
  'loyalty.reverse',
  `WITH account AS (
     UPDATE loyalty_accounts SET balance = balance - $3, lifetime_earned = lifetime_earned - $3, updated_at = now()
      WHERE business_id = $1 AND customer_id = $2
     RETURNING customer_id
   )
   INSERT INTO loyalty_transactions (business_id, customer_id, type, points, sale_id, description)
   SELECT $1, customer_id, 'reverse', -$3::int8, $4, $5::text FROM account`,
);
