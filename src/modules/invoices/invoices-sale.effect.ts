import { Injectable } from '@nestjs/common';
import { moneyString } from '../../common/money/money';
import { LockRank } from '../../database/lock-order';
import { takeNumber, TakenNumber } from '../../database/numbering';
import { Tx } from '../../database/transaction';
import type { SaleStatement } from '../orders/persistence/sale-statement';
import type { ReturnedGoods, SaleEffect, SaleReversal, SaleShape } from '../orders/sale-effect';
import { SaleEffectProvider } from '../orders/sale-effects';
import { SaleDraft } from '../orders/sale-draft';
import { CreditNote } from './entities/credit-note.entity';
import { addSaleInvoice, cancelSaleInvoice, creditSaleInvoice, SaleInvoice } from './persistence/invoices-sale.sql';

/**
 * Invoices' side of a sale: the order's invoice, paid with it, numbered from the one invoice counter
 * (shared with manual invoices); cancelled when the sale is, credited by a credit note for a return.
 */
@Injectable()
@SaleEffectProvider()
export class InvoicesSaleEffect implements SaleEffect {
  readonly module = 'invoices';
  readonly lock = LockRank.Invoice;
  readonly shapes: SaleShape[] = [{ invoice: false }, { invoice: true }];

  addToSale(stmt: SaleStatement, sale: SaleDraft): void {
    if (!sale.invoice_id) return;
    stmt.invoiceNumber = addSaleInvoice(stmt, invoiceOf(sale, sale.invoice_id));
  }

  /**
   * A cancellation cancels the invoice, whatever its status; a return credits it with a credit note
   * (CN-0001, its own gapless counter, taken after the invoice row). Either names the invoice in the
   * outcome; a sale without an invoice (or whose invoice was cancelled) gets no credit note.
   */
  async reverseSale(tx: Tx, reversal: SaleReversal): Promise<void> {
    tx.locks.take(LockRank.Invoice);
    const { businessId, sale, returned } = reversal;
    if (!returned) {
      const [row] = await tx.run(cancelSaleInvoice, [businessId, sale.id]);
      reversal.outcome.invoiceId = row?.id ?? null;
      return;
    }
    const [invoice] = await tx.run(creditSaleInvoice, [businessId, sale.id, moneyString(returned.total)]);
    if (!invoice) return;
    reversal.outcome.invoiceId = invoice.id;
    const number = await takeNumber(tx, businessId, 'credit_note', 'CN');
    const note = await tx.getRepository(CreditNote).save(creditNoteOf(reversal, returned, invoice.id, number));
    reversal.outcome.creditNote = { id: note.id, number: note.creditNoteNumber };
  }
}

function invoiceOf(sale: SaleDraft, invoiceId: string): SaleInvoice {
  return {
    invoiceId,
    saleId: sale.id,
    customerId: sale.customer_id,
    currency: sale.currency,
    subtotal: sale.subtotal,
    taxAmount: sale.tax_amount,
    total: sale.total,
    lines: sale.items.map((i) => ({ productId: i.product_id, productName: i.product_name, quantity: i.quantity, unitPrice: i.unit_price, total: i.total })),
  };
}

function creditNoteOf(reversal: SaleReversal, returned: ReturnedGoods, invoiceId: string, number: TakenNumber): Partial<CreditNote> {
  return {
    businessId: reversal.businessId,
    number: number.number,
    creditNoteNumber: number.formatted,
    invoiceId,
    returnId: returned.id,
    saleId: reversal.sale.id,
    customerId: reversal.sale.customer_id,
    subtotal: returned.subtotal,
    taxAmount: returned.taxAmount,
    discountAmount: returned.discountAmount,
    shippingAmount: returned.shippingAmount,
    total: returned.total,
    createdByType: reversal.actor.type,
    createdById: reversal.actor.id,
    createdByName: reversal.actor.name,
    createdAt: number.at,
  };
}
