import { moneyNumber } from '../../common/money/money';
import { FinanceTransaction } from './entities/finance-transaction.entity';
import { FinanceType } from './finance-types';
import { FinanceTransactionJson } from './finance.responses';
import { CsvLayout, csvLayoutOf } from '../../common/csv/csv-columns';
import { FinanceTransactionNamesRow } from './persistence/finance-export.sql';

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

/** A row of GET /finance/transactions/export: the transaction and the numbers beside its ids. */
export type FinanceTransactionCsvRow = FinanceTransactionJson & Omit<FinanceTransactionNamesRow, 'id'>;

/**
 * The columns of GET /finance/transactions/export (docs/api.md, "CSV exports"): the transaction's
 * fields (csvLayoutOf), the order's and the invoice's numbers beside their ids, `created_at_local`.
 */
export function financeTransactionCsvLayout(timezone: string): CsvLayout<FinanceTransactionCsvRow> {
  return csvLayoutOf<FinanceTransactionJson, FinanceTransactionCsvRow>(FinanceTransactionJson, {
    timezone,
    names: { sale_id: ['sale_number'], invoice_id: ['invoice_number'] },
  });
}
