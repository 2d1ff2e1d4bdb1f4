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
   * Points earned on a sale, as parts of the order's numbered statement (`salePart` took the sale
   * number, see nextNumberSql): the account is credited, its row locked after the sale counter like
   * every lock of that statement, and the earn transaction names the order.
   */
  earnForSale(batch: SqlBatch, earning: SaleEarning, salePart: string): void {
    const businessId = batch.param(earning.businessId, 'uuid');
    const customerId = batch.param(earning.customerId, 'uuid');
    const points = batch.param(earning.points, 'int');
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
}
