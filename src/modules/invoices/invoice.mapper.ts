import { moneyNumber, quantityNumber } from '../../common/money/money';
import { InvoiceStatus } from './invoice-status';

/** An invoice as stored; the dates as text (YYYY-MM-DD), never JS Dates. */
export interface InvoiceRow {
  id: string;
  invoice_number: string;
  customer_id: string | null;
  sale_id: string | null;
  status: InvoiceStatus;
  currency: string;
  subtotal: string;
  tax_amount: string;
  total: string;
  due_date: string;
  paid_date: string | null;
  notes: string | null;
  created_at: Date;
  updated_at: Date;
}

export interface InvoiceItemRow {
  invoice_id: string;
  product_id: string;
  product_name: string;
  quantity: string;
  unit_price: string;
  total: string;
}

export interface InvoiceItemJson {
  product_id: string;
  product_name: string;
  quantity: number;
  unit_price: number;
  total: number;
}

/** SPEC.md 2.5, field by field, plus currency, notes and updated_at. */
export interface InvoiceJson {
  id: string;
  invoice_number: string;
  customer_id: string | null;
  sale_id: string | null;
  status: InvoiceStatus;
  currency: string;
  subtotal: number;
  tax_amount: number;
  total: number;
  due_date: string;
  paid_date: string | null;
  notes: string | null;
  items: InvoiceItemJson[];
  created_at: string;
  updated_at: string;
}

export function toInvoiceJson(row: InvoiceRow, items: InvoiceItemRow[]): InvoiceJson {
  return {
    id: row.id,
    invoice_number: row.invoice_number,
    customer_id: row.customer_id,
    sale_id: row.sale_id,
    status: row.status,
    currency: row.currency.trim(),
    subtotal: moneyNumber(row.subtotal),
    tax_amount: moneyNumber(row.tax_amount),
    total: moneyNumber(row.total),
    due_date: row.due_date,
    paid_date: row.paid_date,
    notes: row.notes,
    items: items.map((item) => ({
      product_id: item.product_id,
      product_name: item.product_name,
      quantity: quantityNumber(item.quantity),
      unit_price: moneyNumber(item.unit_price),
      total: moneyNumber(item.total),
    })),
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}
