import { defineStatement } from '../../../database/statement';

/** What the CSV export writes beside a transaction's ids (docs/api.md, "CSV exports"). */
export interface FinanceTransactionNamesRow {
  id: string;
  sale_number: string | null;
  invoice_number: string | null;
}

/**
 * The numbers beside the ids of transactions $2 of business $1 (a page of the export): the order's
 * and the invoice's, each probed by its primary key within the business (the ids are rows of their own,
 * never a filter over the business's transactions).
 */
export const readFinanceTransactionNames = defineStatement<[businessId: string, transactionIds: string[]], FinanceTransactionNamesRow>(
  'finance.exportNames',
  `SELECT f.id, s.sale_number, inv.invoice_number
     FROM unnest($2::uuid[]) AS k(id)
     JOIN finance_transactions f ON f.business_id = $1 AND f.id = k.id
     LEFT JOIN sales s ON s.business_id = f.business_id AND s.id = f.sale_id
     LEFT JOIN invoices inv ON inv.business_id = f.business_id AND inv.id = f.invoice_id`,
);
