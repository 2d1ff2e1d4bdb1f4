import { Injectable } from '@nestjs/common';
import { LockRank } from '../../database/lock-order';
import { Tx } from '../../database/transaction';
import type { SaleStatement } from '../orders/persistence/sale-statement';
import type { SaleEffect, SaleReversal } from '../orders/sale-effect';
import { SaleDraft } from '../orders/sale-draft';
import { addSaleInvoice, cancelSaleInvoice, SaleInvoice } from './persistence/invoices-sale.sql';

/**
 * Invoices' side of a sale: the order's invoice, paid with it, numbered from the one invoice counter
 * (shared with manual invoices); cancelled when the sale is.
 */
@Injectable()
export class InvoicesSaleEffect implements SaleEffect {
  readonly module = 'invoices';
  readonly lock = LockRank.Invoice;

  addToSale(stmt: SaleStatement, sale: SaleDraft): void {
    if (!sale.invoice_id) return;
    stmt.invoiceNumber = addSaleInvoice(stmt, invoiceOf(sale, sale.invoice_id));
  }

  /**
   * A cancellation cancels the invoice, whatever its status, and names it in the outcome. A partial
   * reversal (a return) would issue a credit note instead, which does not exist yet.
   */
  async reverseSale(tx: Tx, reversal: SaleReversal): Promise<void> {
    if (!reversal.wholeSale) throw new Error('a partial reversal of an invoice needs a credit note, not written yet');
    tx.locks.take(LockRank.Invoice);
    const [row] = await tx.run(cancelSaleInvoice, [reversal.businessId, reversal.sale.id]);
    reversal.outcome.invoiceId = row?.id ?? null;
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
