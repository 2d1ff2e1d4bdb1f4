import { Injectable } from '@nestjs/common';
import { moneyString, quantityString } from '../../common/money/money';
import { nextNumberSql } from '../../common/numbering/next-number';
import { SqlBatch } from '../../database/sql-batch';

export interface SaleInvoiceLine {
  productId: string;
  productName: string;
  quantity: string;
  unitPrice: string;
  total: string;
}

export interface SaleInvoice {
  businessId: string;
  /** chosen by the caller, so the items can be written before the invoice number is taken */
  invoiceId: string;
  saleId: string;
  customerId: string | null;
  currency: string;
  subtotal: string;
  taxAmount: string;
  total: string;
  /** IANA zone of the business: due and paid dates are "today" there */
  timezone: string;
  lines: SaleInvoiceLine[];
}

/** The part of the order's numbered statement that returns the invoice's `number` and `formatted`. */
export const SALE_INVOICE_PART = 'invoice_no';

/** Invoices: numbered INV-0001 per business without gaps. */
@Injectable()
export class InvoicesService {
  /**
   * The invoice of an order, already paid, as parts of the order's numbered statement: its number
   * (the counter locked after the sale counter, `salePart`, see nextNumberSql, so the two are always
   * taken in the same order), the invoice and its items mirroring the order lines. Paid and due
   * dates are the sale's date in the business time zone.
   */
  createForSale(batch: SqlBatch, invoice: SaleInvoice, salePart: string): void {
    const lines = invoice.lines;
    const businessId = batch.param(invoice.businessId, 'uuid');
    const invoiceId = batch.param(invoice.invoiceId, 'uuid');
    batch.add(
      'invoice_items',
      `INSERT INTO invoice_items (business_id, invoice_id, line_no, product_id, product_name, quantity, unit_price, total)
       SELECT ${businessId}, ${invoiceId}, l.line_no,
              l.product_id, l.product_name, l.quantity, l.unit_price, l.total
         FROM unnest(${batch.param(lines.map((_, i) => i + 1), 'int[]')}, ${batch.param(lines.map((l) => l.productId), 'uuid[]')},
                     ${batch.param(lines.map((l) => l.productName), 'text[]')}, ${batch.param(lines.map((l) => quantityString(l.quantity)), 'numeric[]')},
                     ${batch.param(lines.map((l) => moneyString(l.unitPrice)), 'numeric[]')}, ${batch.param(lines.map((l) => moneyString(l.total)), 'numeric[]')})
              AS l(line_no, product_id, product_name, quantity, unit_price, total)`,
    );
    batch.add(SALE_INVOICE_PART, nextNumberSql(businessId, 'invoice', 'INV', salePart));
    batch.add(
      'invoice',
      `INSERT INTO invoices (id, business_id, number, invoice_number, customer_id, sale_id, status, currency,
                             subtotal, tax_amount, total, due_date, paid_date, created_at, updated_at)
       SELECT ${invoiceId}, ${businessId}, n.number, n.formatted,
              ${batch.param(invoice.customerId, 'uuid')}, ${batch.param(invoice.saleId, 'uuid')}, 'paid',
              ${batch.param(invoice.currency, 'text')}, ${batch.param(moneyString(invoice.subtotal), 'numeric')},
              ${batch.param(moneyString(invoice.taxAmount), 'numeric')}, ${batch.param(moneyString(invoice.total), 'numeric')},
              d.today, d.today, n.at, n.at
         FROM ${SALE_INVOICE_PART} n, (SELECT (${salePart}.at AT TIME ZONE ${batch.param(invoice.timezone, 'text')})::date AS today FROM ${salePart}) d`,
    );
  }
}
