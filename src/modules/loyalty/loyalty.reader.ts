import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { BusinessContext } from '../../common/auth/business-context';
import { DomainError } from '../../common/errors/domain-error';
import { findInBusiness } from '../../database/repository-helpers';
import { DEFAULT_HISTORY_PAGE, LoyaltyHistoryQuery, MAX_HISTORY_PAGE } from './dto/loyalty-history.query';
import { Customer } from '../customers/entities/customer.entity';
import { LoyaltyAccount } from './entities/loyalty-account.entity';
import { LoyaltyTransaction } from './entities/loyalty-transaction.entity';
import { LoyaltyBalanceJson, LoyaltyTransactionJson, toLoyaltyBalanceJson, toLoyaltyTransactionJson } from './loyalty.mapper';

interface HistoryCursor {
  at: string;
  id: string;
}

interface HistoryRow {
  id: string;
  type: string;
  points: string;
  sale_id: string | null;
  description: string;
  created_at: Date;
  at: string;
}

function toHistoryJson(row: HistoryRow): LoyaltyTransactionJson {
  return toLoyaltyTransactionJson({
    id: row.id,
    type: row.type,
    points: row.points,
    saleId: row.sale_id,
    description: row.description,
    createdAt: row.created_at,
  });
}

/** GET /loyalty/:customer_id and its history: reads only. Another business's customer is 404. */
@Injectable()
export class LoyaltyReader {
  constructor(
    @InjectRepository(Customer) private readonly customers: Repository<Customer>,
    @InjectRepository(LoyaltyAccount) private readonly accounts: Repository<LoyaltyAccount>,
    @InjectRepository(LoyaltyTransaction) private readonly transactions: Repository<LoyaltyTransaction>,
  ) {}

  /** Zeros for a customer who never earned or redeemed (no account yet). */
  async balance(biz: BusinessContext, customerId: string): Promise<LoyaltyBalanceJson> {
    const [account] = await Promise.all([this.accounts.findOneBy({ businessId: biz.id, customerId }), this.customerOf(biz, customerId)]);
    return toLoyaltyBalanceJson(customerId, account);
  }

  /**
   * One page of the customer's transactions, most recent first: `limit` of them (100 by default),
   * older than the transaction `before` when given. 400 when `before` is not this customer's.
   */
  async historyPage(biz: BusinessContext, customerId: string, query: LoyaltyHistoryQuery): Promise<LoyaltyTransactionJson[]> {
    await this.customerOf(biz, customerId);
    const cursor = query.before === undefined ? null : await this.cursorOf(biz.id, customerId, query.before);
    if (cursor === undefined) throw DomainError.validation('before', 'before must be the id of a loyalty transaction of this customer');
    return this.page(biz.id, customerId, query.limit ?? DEFAULT_HISTORY_PAGE, cursor);
  }

  /**
   * The whole history, most recent first, a page at a time, so that a long history never sits in
   * memory at once (the controller writes each page out before the next is read). 404 before the
   * first page for another business's customer.
   */
  async *wholeHistory(biz: BusinessContext, customerId: string): AsyncGenerator<LoyaltyTransactionJson[]> {
    await this.customerOf(biz, customerId);
    let cursor: HistoryCursor | null = null;
    for (;;) {
      const rows = await this.pageRows(biz.id, customerId, MAX_HISTORY_PAGE, cursor);
      if (rows.length > 0) yield rows.map(toHistoryJson);
      if (rows.length < MAX_HISTORY_PAGE) return;
      const last = rows[rows.length - 1];
      cursor = { at: last.at, id: last.id };
    }
  }

  /** Where a transaction sits in the order: its time as the database has it (microseconds, not a JS Date's milliseconds) and id. */
  private async cursorOf(businessId: string, customerId: string, id: string): Promise<HistoryCursor | undefined> {
    return this.transactions
      .createQueryBuilder('c')
      .select('c.created_at::text', 'at')
      .addSelect('c.id', 'id')
      .where('c.businessId = :businessId AND c.customerId = :customerId AND c.id = :id', { businessId, customerId, id })
      .getRawOne<HistoryCursor>();
  }

  private async page(businessId: string, customerId: string, limit: number, cursor: HistoryCursor | null): Promise<LoyaltyTransactionJson[]> {
    return (await this.pageRows(businessId, customerId, limit, cursor)).map(toHistoryJson);
  }

  /**
   * Keyset paging on (created_at, id), an index range scan (loyalty_transactions_customer_idx). Raw
   * rows, not entities: a 200,000-row history is 200 pages, and each row carries its own cursor.
   */
  private pageRows(businessId: string, customerId: string, limit: number, cursor: HistoryCursor | null): Promise<HistoryRow[]> {
    const query = this.transactions
      .createQueryBuilder('t')
      .select('t.id', 'id')
      .addSelect('t.type', 'type')
      .addSelect('t.points', 'points')
      .addSelect('t.saleId', 'sale_id')
      .addSelect('t.description', 'description')
      .addSelect('t.createdAt', 'created_at')
      .addSelect('t.created_at::text', 'at')
      .where('t.businessId = :businessId AND t.customerId = :customerId', { businessId, customerId })
      .orderBy('t.createdAt', 'DESC')
      .addOrderBy('t.id', 'DESC')
      .limit(limit);
    if (cursor) query.andWhere('(t.created_at, t.id) < (CAST(:at AS timestamptz), CAST(:id AS uuid))', cursor);
    return query.getRawMany<HistoryRow>();
  }

  private customerOf(biz: BusinessContext, customerId: string): Promise<Customer> {
    return findInBusiness(this.customers, biz.id, customerId, 'Customer');
  }
}
