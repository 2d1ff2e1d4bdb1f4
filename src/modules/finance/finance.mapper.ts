import { moneyNumber } from '../../common/money/money';
import { FinanceTransaction } from './entities/finance-transaction.entity';
import { FinanceType } from './finance-types';
import { FinanceTransactionJson } from './finance.responses';
import { csvColumnsOf } from '../../common/csv/csv-columns';

export type { FinanceTransactionJson };

/** `date` is the booking date (occurred_on, YYYY-MM-DD); the currency is the business's. */
export function toFinanceTransactionJson(transaction: FinanceTransaction, currency: string): FinanceTransactionJson {
  return {
    id: transaction.id,
    type: transaction.type as FinanceType,
    category: transaction.category,
    amount: moneyNumber(transaction.amount),
    currency,
    description: transaction.description,
    date: transaction.occurredOn,
    sale_id: transaction.saleId,
    invoice_id: transaction.invoiceId,
    reference_id: transaction.referenceId,
    created_at: transaction.createdAt.toISOString(),
  };
}

/** The columns of GET /finance/transactions/export: the transaction's fields (csvColumnsOf). */
export const FINANCE_TRANSACTION_CSV_COLUMNS = csvColumnsOf(FinanceTransactionJson);
