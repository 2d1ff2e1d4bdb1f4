import { Injectable } from '@nestjs/common';
import { moneyString } from '../../common/money/money';
import { localDate } from '../../common/time/local-date';
import { Tx } from '../../database/transaction';
import { FinanceTransaction } from './entities/finance-transaction.entity';
import { FinanceType } from './finance-types';

export interface FinanceEntry {
  businessId: string;
  type: FinanceType;
  category: string;
  amount: string;
  description: string | null;
  saleId?: string | null;
  invoiceId?: string | null;
  /** the expense, payroll run... the transaction books */
  referenceId?: string | null;
  /** the booking date (YYYY-MM-DD); today in `timezone` when null */
  occurredOn: string | null;
  /** IANA zone of the business */
  timezone: string;
}

/** The finance ledger: income, expense and refund transactions, each on a date of the business. */
@Injectable()
export class FinanceService {
  /** One transaction of any type, in the caller's transaction; as stored (with its id and creation time). */
  async record(tx: Tx, entry: FinanceEntry): Promise<FinanceTransaction> {
    const repo = tx.getRepository(FinanceTransaction);
    const transaction = repo.create({
      businessId: entry.businessId,
      type: entry.type,
      category: entry.category,
      amount: moneyString(entry.amount),
      description: entry.description,
      saleId: entry.saleId ?? null,
      invoiceId: entry.invoiceId ?? null,
      referenceId: entry.referenceId ?? null,
      occurredOn: entry.occurredOn ?? localDate(new Date(), entry.timezone),
    });
    await repo.insert(transaction);
    return transaction;
  }
}
