import { ApiProperty } from '@nestjs/swagger';
import { moneyNumber, quantityNumber } from '../../common/money/money';
import { InvoiceEmail } from './entities/invoice-email.entity';
import { InvoiceItem } from './entities/invoice-item.entity';
import { Invoice } from './entities/invoice.entity';
import { InvoiceStatus } from './invoice-status';
import { CsvLayout, csvLayoutOf } from '../../common/csv/csv-columns';
import { TaxLineJson, toTaxLinesJson } from '../orders/order.mapper';
import { taxLinesText } from '../orders/order-csv';
import type { DocumentTax } from '../taxes/refund-tax-lines.reader';
import { InvoiceNamesRow } from './persistence/invoices-export.sql';

export class InvoiceItemJson {
  @ApiProperty({ format: 'uuid' }) product_id: string;
  @ApiProperty({ example: 'Espresso beans 1kg' }) product_name: string;
  @ApiProperty({ example: 2 }) quantity: number;
  @ApiProperty({ example: 12.5 }) unit_price: number;
  @ApiProperty({ example: 25 }) total: number;
}

/** The latest sending of the invoice by email (docs/api.md 17); `pending` until the SMTP server accepted it or the attempts ran out. */
export class InvoiceEmailJson {
  @ApiProperty({ enum: ['pending', 'sent', 'failed'] }) status: 'pending' | 'sent' | 'failed';
  @ApiProperty({ example: 'ada@example.com' }) to: string;
  @ApiProperty({ example: 1 }) attempts: number;
  @ApiProperty({ type: String, nullable: true, example: null }) last_error: string | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) sent_at: string | null;
}

/** The public invoice, field by field (money as numbers, dates YYYY-MM-DD), with currency, notes and updated_at. */
export class InvoiceJson {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ example: 'INV-0001' }) invoice_number: string;
  @ApiProperty({ type: String, format: 'uuid', nullable: true }) customer_id: string | null;
  @ApiProperty({ type: String, format: 'uuid', nullable: true }) sale_id: string | null;
  @ApiProperty({ enum: ['paid', 'unpaid', 'cancelled', 'overdue'] }) status: InvoiceStatus;
  @ApiProperty({ example: 'EUR' }) currency: string;
  @ApiProperty({ example: 25 }) subtotal: number;
  @ApiProperty({ example: 4.75 }) tax_amount: number;
  @ApiProperty({ type: [TaxLineJson], description: "its order's tax per rate when the server computed it (docs/api.md 22); [] otherwise" })
  tax_lines: TaxLineJson[];
  @ApiProperty({ example: false, description: "its order's prices included tax (the tax is inside the total)" })
  tax_included: boolean;
  @ApiProperty({ example: 29.75 }) total: number;
  @ApiProperty({ example: 0, description: 'the sum of its credit notes (returns of its order)' }) credited_amount: number;
  @ApiProperty({ format: 'date' }) due_date: string;
  @ApiProperty({ type: String, format: 'date', nullable: true }) paid_date: string | null;
  @ApiProperty({ type: String, nullable: true }) notes: string | null;
  @ApiProperty({ type: [InvoiceItemJson] }) items: InvoiceItemJson[];
  @ApiProperty({ type: InvoiceEmailJson, nullable: true, description: 'null when never sent' }) email: InvoiceEmailJson | null;
  @ApiProperty({ format: 'date-time' }) created_at: string;
  @ApiProperty({ format: 'date-time' }) updated_at: string;
}

/** The invoice with its items in line order; dates as YYYY-MM-DD. */
export function toInvoiceJson(invoice: Invoice, items: InvoiceItem[], email: InvoiceEmail | null = null, tax: DocumentTax | null = null): InvoiceJson {
  return {
    id: invoice.id,
    invoice_number: invoice.invoiceNumber,
    customer_id: invoice.customerId,
    sale_id: invoice.saleId,
    status: invoice.status as InvoiceStatus,
    currency: invoice.currency.trim(),
    subtotal: moneyNumber(invoice.subtotal),
    tax_amount: moneyNumber(invoice.taxAmount),
    tax_lines: toTaxLinesJson(tax?.taxLines),
    tax_included: tax?.taxIncluded === true,
    total: moneyNumber(invoice.total),
    credited_amount: moneyNumber(invoice.creditedAmount),
    due_date: invoice.dueDate,
    paid_date: invoice.paidDate,
    notes: invoice.notes,
    items: items.map(toInvoiceItemJson),
    email: email && toInvoiceEmailJson(email),
    created_at: invoice.createdAt.toISOString(),
    updated_at: invoice.updatedAt.toISOString(),
  };
}

function toInvoiceItemJson(item: InvoiceItem): InvoiceItemJson {
  return {
    product_id: item.productId,
    product_name: item.productName,
    quantity: quantityNumber(item.quantity),
    unit_price: moneyNumber(item.unitPrice),
    total: moneyNumber(item.total),
  };
}

/** A row of GET /invoices/export: the invoice object and the names beside its ids. */
export type InvoiceCsvRow = InvoiceJson & Omit<InvoiceNamesRow, 'id'>;

/**
 * The columns of GET /invoices/export (docs/api.md, "CSV exports"), as the orders': one record per
 * item, the invoice's fields then the item's as `item_<field>`; the customer's name and email and
 * the order's number beside their ids; `created_at_local` in the business zone.
 */
export function invoiceCsvLayout(timezone: string): CsvLayout<InvoiceCsvRow> {
  return csvLayoutOf<InvoiceJson, InvoiceCsvRow>(InvoiceJson, {
    timezone,
    lines: { field: 'items', prefix: 'item_' },
    names: { customer_id: ['customer_name', 'customer_email'], sale_id: ['sale_number'] },
    expand: { tax_lines: [{ header: 'tax_lines', value: (row: InvoiceCsvRow) => taxLinesText(row.tax_lines) }] },
  });
}

export function toInvoiceEmailJson(email: InvoiceEmail): InvoiceEmailJson {
  return {
    status: email.status === 'sending' ? 'pending' : (email.status as InvoiceEmailJson['status']),
    to: email.recipient,
    attempts: email.attempts,
    last_error: email.lastError,
    sent_at: email.sentAt?.toISOString() ?? null,
  };
}
