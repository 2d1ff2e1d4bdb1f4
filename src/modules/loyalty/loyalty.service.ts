import { Injectable } from '@nestjs/common';
import { BusinessContext } from '../../common/auth/business-context';
import { DomainError } from '../../common/errors/domain-error';
import { pointsNumber } from '../../common/money/points';
import { SqlBatch } from '../../database/sql-batch';
import { Tx } from '../../database/transaction';
import { UnitOfWork } from '../../database/unit-of-work';
import { RedeemPointsDto } from './dto/redeem-points.dto';
import { pointsToReverse } from './loyalty-rules';
import { RedemptionJson } from './loyalty.mapper';

export interface SaleEarning {
  businessId: string;
  customerId: string;
  saleId: string;
  /** whole points, > 0 */
  points: number;
  /** id of the earn transaction, chosen by the caller so the sale row can name it */
  transactionId: string;
}

export interface SaleReversal {
  businessId: string;
  customerId: string;
  saleId: string;
  saleNumber: string;
  /** what the sale earned */
  points: number;
}

export const MANUAL_REDEMPTION = 'Manual redemption';

/**
 * Loyalty points: one account per customer (balance, lifetime totals) and its ledger of
 * transactions. The balance never goes below zero (a CHECK on the account row, and every debit is
 * a conditional update of that row, never read-then-write).
 */
@Injectable()
export class LoyaltyService {
  constructor(private readonly uow: UnitOfWork) {}

  /**
   * Points earned on a sale, as parts of the order's numbered statement (`salePart` took the sale
   * number, see nextNumberSql): the account is credited, its row locked after the sale counter like
   * every lock of that statement, and the earn transaction names the order.
   */
  earnForSale(batch: SqlBatch, earning: SaleEarning, salePart: string): void {
    const businessId = batch.param(earning.businessId, 'uuid');
    const customerId = batch.param(earning.customerId, 'uuid');
    const points = batch.param(earning.points, 'int8');
    batch.add(
      'loyalty_account',
      `INSERT INTO loyalty_accounts (business_id, customer_id, balance, lifetime_earned, updated_at)
       SELECT ${businessId}, ${customerId}, ${points}, ${points}, s.at FROM ${salePart} s
       ON CONFLICT (business_id, customer_id) DO UPDATE
         SET balance = loyalty_accounts.balance + EXCLUDED.balance,
             lifetime_earned = loyalty_accounts.lifetime_earned + EXCLUDED.lifetime_earned,
             updated_at = EXCLUDED.updated_at`,
    );
    batch.add(
      'loyalty_earn',
      `INSERT INTO loyalty_transactions (id, business_id, customer_id, type, points, sale_id, description, created_at)
       SELECT ${batch.param(earning.transactionId, 'uuid')}, ${businessId}, ${customerId}, 'earn', ${points},
              ${batch.param(earning.saleId, 'uuid')}, 'Points earned on order ' || s.formatted, s.at
         FROM ${salePart} s`,
    );
  }

  /**
   * A manual redemption in one statement: the account is debited only WHERE its balance covers the
   * points (concurrent redemptions queue on the row and each re-checks the balance it finds), and
   * the `redeem` transaction is written only when the debit happened.
   */
  async redeem(biz: BusinessContext, dto: RedeemPointsDto): Promise<RedemptionJson> {
    return this.uow.run(async (tx) => {
      const row = await tx.one<{ customer_id: string | null; new_balance: string | null; transaction_id: string | null }>(
        `WITH customer AS (
           SELECT id FROM customers WHERE business_id = $1 AND id = $2
         ), account AS (
           UPDATE loyalty_accounts SET balance = balance - $3, lifetime_redeemed = lifetime_redeemed + $3, updated_at = now()
            WHERE business_id = $1 AND customer_id = $2 AND balance >= $3
           RETURNING balance
         ), redemption AS (
           INSERT INTO loyalty_transactions (business_id, customer_id, type, points, sale_id, description)
           SELECT $1, $2, 'redeem', -$3::int8, NULL, $4 FROM account
           RETURNING id
         )
         SELECT (SELECT id FROM customer) AS customer_id, (SELECT balance FROM account) AS new_balance,
                (SELECT id FROM redemption) AS transaction_id`,
        [biz.id, dto.customer_id, dto.points, dto.reason ?? MANUAL_REDEMPTION],
      );
      if (!row?.customer_id) throw new DomainError('UNKNOWN_CUSTOMER', undefined, [{ customer_id: dto.customer_id }]);
      if (row.new_balance === null || !row.transaction_id) {
        const balance = await this.balanceOf(tx, biz.id, dto.customer_id);
        throw new DomainError('INSUFFICIENT_POINTS', `The balance is ${balance} points, ${dto.points} were requested`, [
          { balance, requested: dto.points },
        ]);
      }
      return { transaction_id: row.transaction_id, customer_id: dto.customer_id, points_redeemed: dto.points, new_balance: pointsNumber(row.new_balance) };
    });
  }

  /**
   * Takes back the points a cancelled sale earned (a `reverse` transaction of negative points), at
   * most what the balance holds: the account row is locked, then debited. Lifetime earned shrinks by
   * the same amount (verify's rule: earned = earn + reverse). Returns the points taken back.
   */
  async reverseForSale(tx: Tx, reversal: SaleReversal): Promise<number> {
    const account = await tx.one<{ balance: string }>(
      `SELECT balance FROM loyalty_accounts WHERE business_id = $1 AND customer_id = $2 FOR UPDATE`,
      [reversal.businessId, reversal.customerId],
    );
    const points = pointsToReverse(reversal.points, pointsNumber(account?.balance ?? null));
    if (points === 0) return 0;
    await tx.query(
      `WITH account AS (
         UPDATE loyalty_accounts SET balance = balance - $3, lifetime_earned = lifetime_earned - $3, updated_at = now()
          WHERE business_id = $1 AND customer_id = $2
         RETURNING customer_id
       )
       INSERT INTO loyalty_transactions (business_id, customer_id, type, points, sale_id, description)
       SELECT $1, customer_id, 'reverse', -$3::int8, $4, 'Points reversed for cancelled order ' || $5::text FROM account`,
      [reversal.businessId, reversal.customerId, points, reversal.saleId, reversal.saleNumber],
    );
    return points;
  }

  private async balanceOf(tx: Tx, businessId: string, customerId: string): Promise<number> {
    const row = await tx.one<{ balance: string }>(`SELECT balance FROM loyalty_accounts WHERE business_id = $1 AND customer_id = $2`, [
      businessId,
      customerId,
    ]);
    return pointsNumber(row?.balance ?? null);
  }
}
