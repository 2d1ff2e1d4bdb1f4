import { Injectable } from '@nestjs/common';
import { dec, moneyString } from '../../common/money/money';
import { Tx } from '../../database/transaction';
import type { SaleStatement } from '../orders/persistence/sale-statement';
import type { SaleEffect, SaleReversal, SaleShape } from '../orders/sale-effect';
import { SaleEffectProvider } from '../orders/sale-effects';
import { SaleDraft } from '../orders/sale-draft';
import { addSaleIncome, bookSaleRefund } from './persistence/finance-sale.sql';

/**
 * Finance's side of a sale: its income, booked with it; a refund of what is given back when it is
 * undone (when above 0), linked to the invoice the invoices effect reversed before it. No contended lock.
 */
@Injectable()
@SaleEffectProvider()
export class FinanceSaleEffect implements SaleEffect {
  readonly module = 'finance';
  readonly lock = null;
  /** one income row, whatever the order */
  readonly shapes: SaleShape[] = [];

  addToSale(stmt: SaleStatement, sale: SaleDraft): void {
    addSaleIncome(stmt, sale.id, sale.invoice_id, sale.total);
  }

  async reverseSale(tx: Tx, reversal: SaleReversal): Promise<void> {
    const { businessId, sale, outcome } = reversal;
    if (dec(reversal.amount).isZero()) return;
    await tx.run(bookSaleRefund, [businessId, sale.id, outcome.invoiceId, moneyString(reversal.amount), reversal.descriptions.refund, reversal.timezone]);
  }
}
