import { Injectable } from '@nestjs/common';
import { moneyString } from '../../common/money/money';
import { SqlBatch } from '../../database/sql-batch';

export interface SaleIncome {
  businessId: string;
  saleId: string;
  invoiceId: string | null;
  amount: string;
  /** IANA zone of the business: the income is booked on the sale's date there */
  timezone: string;
}

/** The finance ledger: income and expense transactions, each on a date of the business. */
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
              (s.at AT TIME ZONE ${withNumber.param(income.timezone, 'text')})::date, s.at
         FROM ${salePart} s`,
    );
  }
}
