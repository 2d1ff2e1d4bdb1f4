import { Injectable } from '@nestjs/common';
import { moneyString } from '../../common/money/money';
import { localDateSql } from '../../common/time/zone-sql';
import { SqlBatch } from '../../database/sql-batch';
import { Tx } from '../../database/transaction';
import { FinanceType } from './finance-types';
import { FinanceTransactionRow } from './finance.mapper';

export interface SaleIncome {
  businessId: string;
  saleId: string;
  invoiceId: string | null;
  amount: string;
  /** IANA zone of the business: the income is booked on the sale's date there */
  timezone: string;
}

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

export const FINANCE_COLUMNS = `id, type, category, amount, description, sale_id, invoice_id, reference_id, occurred_on::text AS date, created_at`;

/** The finance ledger: income, expense and refund transactions, each on a date of the business. */
@Injectable()
export class FinanceService {
  /**
   * The income of a completed order (type `income`, category `sales`, linked to the sale), written
   * in the statement that takes the sale number (`salePart`, see nextNumberSql) so it can name it.
   */
  recordIncome(withNumber: SqlBatch, income: SaleIncome, salePart: string): void {
    withNumber.add(
      'finance_income',
      `INSERT INTO finance_transactions (business_id, type, category, amount, description, sale_id, invoice_id, occurred_on, created_at)
       SELECT ${withNumber.param(income.businessId, 'uuid')}, 'income', 'sales', ${withNumber.param(moneyString(income.amount), 'numeric')},
              'Order ' || s.formatted, ${withNumber.param(income.saleId, 'uuid')}, ${withNumber.param(income.invoiceId, 'uuid')},
              ${localDateSql('s.at', withNumber.param(income.timezone, 'text'))}, s.at
         FROM ${salePart} s`,
    );
  }

  /** One transaction of any type, in the caller's transaction. */
  async record(tx: Tx, entry: FinanceEntry): Promise<FinanceTransactionRow> {
    const row = await tx.one<FinanceTransactionRow>(
      `INSERT INTO finance_transactions (business_id, type, category, amount, description, sale_id, invoice_id, reference_id, occurred_on)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, coalesce($9::date, ${localDateSql('now()', '$10::text')}))
       RETURNING ${FINANCE_COLUMNS}`,
      [
        entry.businessId,
        entry.type,
        entry.category,
        moneyString(entry.amount),
        entry.description,
        entry.saleId ?? null,
        entry.invoiceId ?? null,
        entry.referenceId ?? null,
        entry.occurredOn,
        entry.timezone,
      ],
    );
    return row!;
  }
}
