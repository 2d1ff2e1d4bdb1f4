import { Injectable } from '@nestjs/common';
import { SqlBatch } from '../../database/sql-batch';

export interface SaleEarning {
  businessId: string;
  customerId: string;
  saleId: string;
  /** whole points, > 0 */
  points: number;
  /** id of the earn transaction, chosen by the caller so the sale row can name it */
  transactionId: string;
}

/**
 * Loyalty points: one account per customer (balance, lifetime totals) and its ledger of
 * transactions. The balance never goes below zero (a CHECK on the account row).
 */
@Injectable()
export class LoyaltyService {
  /**
   * Points earned on a sale, in two parts of the order's statements: the account is credited before
   * the sale number is taken (it locks the account row, and nothing may be locked after the
   * counter), the earn transaction, whose description names the order, is written with the number.
   * `salePart` is the part of `withNumber` that took the sale number (nextNumberSql).
   */
  earnForSale(beforeNumber: SqlBatch, withNumber: SqlBatch, earning: SaleEarning, salePart: string): void {
    const points = beforeNumber.param(earning.points, 'int');
    beforeNumber.add(
      'loyalty_account',
      `INSERT INTO loyalty_accounts (business_id, customer_id, balance, lifetime_earned)
       VALUES (${beforeNumber.param(earning.businessId, 'uuid')}, ${beforeNumber.param(earning.customerId, 'uuid')}, ${points}, ${points})
       ON CONFLICT (business_id, customer_id) DO UPDATE
         SET balance = loyalty_accounts.balance + EXCLUDED.balance,
             lifetime_earned = loyalty_accounts.lifetime_earned + EXCLUDED.lifetime_earned,
             updated_at = now()
       RETURNING balance`,
    );
    withNumber.add(
      'loyalty_earn',
      `INSERT INTO loyalty_transactions (id, business_id, customer_id, type, points, sale_id, description, created_at)
       SELECT ${withNumber.param(earning.transactionId, 'uuid')}, ${withNumber.param(earning.businessId, 'uuid')},
              ${withNumber.param(earning.customerId, 'uuid')}, 'earn', ${withNumber.param(earning.points, 'int')},
              ${withNumber.param(earning.saleId, 'uuid')}, 'Points earned on order ' || ${salePart}.formatted, ${salePart}.at
         FROM ${salePart}`,
    );
  }
}
