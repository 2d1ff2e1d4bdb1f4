import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { BusinessContext } from '../../common/auth/business-context';
import { DomainError } from '../../common/errors/domain-error';
import { LoyaltyBalanceJson, LoyaltyBalanceRow, LoyaltyTransactionJson, LoyaltyTransactionRow, toLoyaltyBalanceJson, toLoyaltyTransactionJson } from './loyalty.mapper';

/** GET /loyalty/:customer_id and its history: reads only. Another business's customer is 404. */
@Injectable()
export class LoyaltyReader {
  constructor(private readonly dataSource: DataSource) {}

  /** Zeros for a customer who never earned or redeemed. */
  async balance(biz: BusinessContext, customerId: string): Promise<LoyaltyBalanceJson> {
    const rows: LoyaltyBalanceRow[] = await this.dataSource.query(
      `SELECT c.id AS customer_id, coalesce(a.balance, 0) AS balance, coalesce(a.lifetime_earned, 0) AS lifetime_earned,
              coalesce(a.lifetime_redeemed, 0) AS lifetime_redeemed
         FROM customers c LEFT JOIN loyalty_accounts a ON a.business_id = c.business_id AND a.customer_id = c.id
        WHERE c.business_id = $1 AND c.id = $2`,
      [biz.id, customerId],
    );
    if (rows.length === 0) throw DomainError.notFound('Customer');
    return toLoyaltyBalanceJson(rows[0]);
  }

  /** Every transaction of the customer, most recent first. */
  async history(biz: BusinessContext, customerId: string): Promise<LoyaltyTransactionJson[]> {
    const rows: (Omit<LoyaltyTransactionRow, 'id'> & { id: string | null })[] = await this.dataSource.query(
      `SELECT t.id, t.type, t.points, t.sale_id, t.description, t.created_at
         FROM customers c
         LEFT JOIN loyalty_transactions t ON t.business_id = c.business_id AND t.customer_id = c.id
        WHERE c.business_id = $1 AND c.id = $2
        ORDER BY t.created_at DESC, t.id DESC`,
      [biz.id, customerId],
    );
    if (rows.length === 0) throw DomainError.notFound('Customer');
    return rows.filter((row): row is LoyaltyTransactionRow => row.id !== null).map(toLoyaltyTransactionJson);
  }
}
