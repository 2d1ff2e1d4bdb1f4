import { moneyString, quantityString } from '../../../common/money/money';
import { localDateSql } from '../../../database/zone-sql';
import { addNumber, NumberRef } from '../../../database/numbering';
import { defineStatement } from '../../../database/statement';
import type { SaleStatement } from '../../orders/persistence/sale-statement';

export interface SaleInvoiceLine {
  productId: string;
  productName: string;
  quantity: string;
  unitPrice: string;
  total: string;
}

export interface SaleInvoice {
  /** chosen before, so the items can be written before the invoice number is taken */
  invoiceId: string;
  saleId: string;
  customerId: string | null;
  currency: string;
  subtotal: string;
  taxAmount: string;
  total: string;
  lines: SaleInvoiceLine[];
}

/** The invoice's lines, part `invoices.items`: they need only the invoice id. */
function addInvoiceItems(stmt: SaleStatement, invoiceId: string, lines: SaleInvoiceLine[]): void {
  const p = (values: unknown[], cast: string) => stmt.param(values, cast);
  stmt.add(
    'invoices.items',
    `INSERT INTO invoice_items (business_id, invoice_id, line_no, product_id, product_name, quantity, unit_price, total)
     SELECT ${stmt.businessId}, ${invoiceId}, l.line_no, l.product_id, l.product_name, l.quantity, l.unit_price, l.total
       FROM unnest(${p(
         lines.map((_, i) => i + 1),
         'int[]',
       )}, ${p(
         lines.map((l) => l.productId),
         'uuid[]',
       )},
                   ${p(
                     lines.map((l) => l.productName),
                     'text[]',
                   )}, ${p(
                     lines.map((l) => quantityString(l.quantity)),
                     'numeric[]',
                   )},
                   ${p(
                     lines.map((l) => moneyString(l.unitPrice)),
                     'numeric[]',
                   )}, ${p(
                     lines.map((l) => moneyString(l.total)),
                     'numeric[]',
                   )})
            AS l(line_no, product_id, product_name, quantity, unit_price, total)`,
  );
}

/**
 * The invoice of a sale, already paid, as parts of the sale statement: its lines, its number
 * (`invoices.number`, the invoice counter locked after the statement's previous lock) and the
 * invoice row, paid and due on the sale's date in the business time zone. Returns the number.
 */
export function addSaleInvoice(stmt: SaleStatement, invoice: SaleInvoice): NumberRef {
  const invoiceId = stmt.param(invoice.invoiceId, 'uuid');
  addInvoiceItems(stmt, invoiceId, invoice.lines);
  const number = addNumber(stmt, 'invoices.number', stmt.businessId, 'invoice', 'INV');
  const today = localDateSql(stmt.saleNumber.at, stmt.timezone);
  stmt.add(
    'invoices.invoice',
    `INSERT INTO invoices (id, business_id, number, invoice_number, customer_id, sale_id, status, currency,
                           subtotal, tax_amount, total, due_date, paid_date, created_at, updated_at)
     SELECT ${invoiceId}, ${stmt.businessId}, ${number.number}, ${number.formatted},
            ${stmt.param(invoice.customerId, 'uuid')}, ${stmt.param(invoice.saleId, 'uuid')}, 'paid',
            ${stmt.param(invoice.currency, 'text')}, ${stmt.param(moneyString(invoice.subtotal), 'numeric')},
            ${stmt.param(moneyString(invoice.taxAmount), 'numeric')}, ${stmt.param(moneyString(invoice.total), 'numeric')},
            ${today}, ${today}, ${number.at}, ${number.at}
       FROM ${number.from}, ${stmt.saleNumber.from}`,
  );
  return number;
}

/** The invoice of sale $2, cancelled whatever its status (unless it is already); its id. */
export const cancelSaleInvoice = defineStatement<[businessId: string, saleId: string], { id: string }>(
  'invoices.cancelForSale',
  `UPDATE invoices SET status = 'cancelled', updated_at = now()
    WHERE business_id = $1 AND sale_id = $2 AND status <> 'cancelled'
   RETURNING id`,
);

/** The invoice of sale $2 credited with $3 by a return, unless it was cancelled; its id. */
export const creditSaleInvoice = defineStatement<[businessId: string, saleId: string, amount: string], { id: string }>(
  'invoices.creditForSale',
  `UPDATE invoices SET credited_amount = credited_amount + $3::numeric, updated_at = now()
    WHERE business_id = $1 AND sale_id = $2 AND status <> 'cancelled'
   RETURNING id`,
);
