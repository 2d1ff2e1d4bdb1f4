import { moneyNumber } from '../../common/money/money';
import { FinanceType } from './finance-types';

/** A finance transaction as stored; `date` is occurred_on as text (YYYY-MM-DD), never a JS Date. */
export interface FinanceTransactionRow {
  id: string;
  type: FinanceType;
  category: string;
  amount: string;
  description: string | null;
  sale_id: string | null;
  invoice_id: string | null;
  reference_id: string | null;
  date: string;
  created_at: Date;
}

export interface FinanceTransactionJson {
  id: string;
  type: FinanceType;
  category: string;
  amount: number;
  currency: string;
  description: string | null;
  date: string;
  sale_id: string | null;
  invoice_id: string | null;
  reference_id: string | null;
  created_at: string;
}

export function toFinanceTransactionJson(row: FinanceTransactionRow, currency: string): FinanceTransactionJson {
  return {
    id: row.id,
    type: row.type,
    category: row.category,
    amount: moneyNumber(row.amount),
    currency,
    description: row.description,
    date: row.date,
    sale_id: row.sale_id,
    invoice_id: row.invoice_id,
    reference_id: row.reference_id,
    created_at: row.created_at.toISOString(),
  };
}
