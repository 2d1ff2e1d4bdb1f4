import { Injectable } from '@nestjs/common';
import { dec, moneyString } from '../../common/money/money';
import { Tx } from '../../database/transaction';
import type { SaleStatement } from '../orders/persistence/sale-statement';
import type { PaymentBooking } from '../orders/payment-method';
import { PaymentMethods } from '../orders/payment-methods';
import type { SaleEffect, SaleReversal, SaleShape } from '../orders/sale-effect';
import { SaleEffectProvider } from '../orders/sale-effects';
import { SaleDraft } from '../orders/sale-draft';
import { addSaleIncome, bookSaleRefund } from './persistence/finance-sale.sql';

/**
 * Finance's side of a sale: its income, booked with it; a refund of what is given back when it is
 * undone (when above 0), linked to the invoice the invoices effect reversed before it. What each
 * says is the payment method's booking (orders/payment-method.ts): its category, or nothing for a
 * method that moves no money finance records. No contended lock.
 */
@Injectable()
@SaleEffectProvider()
export class FinanceSaleEffect implements SaleEffect {
  readonly module = 'finance';
  readonly lock = null;
  /** one income row, whatever the order (a method booked otherwise is a shape of the payments effect) */
  readonly shapes: SaleShape[] = [];

  constructor(private readonly payments: PaymentMethods) {}

  addToSale(stmt: SaleStatement, sale: SaleDraft): void {
    const booking = this.bookingOf(sale.payment_method);
    if (booking) addSaleIncome(stmt, sale.id, sale.invoice_id, sale.total, booking.category);
  }

  async reverseSale(tx: Tx, reversal: SaleReversal): Promise<void> {
    const { businessId, sale, outcome } = reversal;
    const booking = this.bookingOf(sale.payment_method);
    if (!booking || dec(reversal.amount).isZero()) return;
    await tx.run(bookSaleRefund, [
      businessId,
      sale.id,
      outcome.invoiceId,
      moneyString(reversal.amount),
      reversal.descriptions.refund,
      reversal.timezone,
      booking.category,
    ]);
  }

  /** The sale's method's booking; a method no module registers any more is booked as the default one. */
  private bookingOf(method: string): PaymentBooking | null {
    return (this.payments.find(method) ?? this.payments.default).booking;
  }
}
