import { Injectable } from '@nestjs/common';
import { BusinessContext } from '../../common/auth/business-context';
import { ErrorCode } from '../../common/errors/error-codes';
import { LockRank } from '../../database/lock-order';
import { Tx } from '../../database/transaction';
import type { SaleStatement } from './persistence/sale-statement';
import { PaymentMethod } from './payment-method';
import { PaymentMethods } from './payment-methods';
import { SaleDraft } from './sale-draft';
import type { SaleEffect, SaleReversal, SaleShape } from './sale-effect';
import { SaleEffectProvider } from './sale-effects';

/** The module name of the payment methods' sale effect: its parts are `payments.<part>`, its input the order's body. */
export const PAYMENTS = 'payments';

/**
 * The sale's payment method among the sale effects: its check, its parts and its undo run in lock
 * order with the others (LockRank.PaymentMethod when some method locks), so an order, a cancellation
 * and a return run a method without naming it. The method's fields are the order's validated body,
 * handed by OrdersService as this effect's input. A method without a check costs the order nothing.
 */
@Injectable()
@SaleEffectProvider()
export class PaymentSaleEffect implements SaleEffect<object> {
  readonly module = PAYMENTS;

  constructor(private readonly methods: PaymentMethods) {}

  get lock(): LockRank | null {
    return this.methods.all.some((method) => method.locks === true) ? LockRank.PaymentMethod : null;
  }

  /** The default method and each method that writes differently from it (its own check, rows, undo or booking). */
  get shapes(): SaleShape[] {
    const plain = JSON.stringify(this.methods.default.booking);
    const own = this.methods.all.filter(
      (m) => m.checkSale !== undefined || m.addToSale !== undefined || m.reverseSale !== undefined || m.locks === true || JSON.stringify(m.booking) !== plain,
    );
    return own.length === 0 ? [] : [{}, ...own.filter((m) => m !== this.methods.default).map((m) => ({ paymentMethod: m.name }))];
  }

  get refusals(): ErrorCode[] {
    return this.methods.refusals;
  }

  checkSale(tx: Tx, business: BusinessContext, sale: SaleDraft, order: object | undefined): Promise<void> {
    const method = this.methodOf(sale.payment_method);
    return method?.checkSale ? method.checkSale(tx, business, sale, order ?? {}) : Promise.resolve();
  }

  addToSale(stmt: SaleStatement, sale: SaleDraft, order: object | undefined): void {
    this.methodOf(sale.payment_method)?.addToSale?.(stmt, sale, order ?? {});
  }

  async reverseSale(tx: Tx, reversal: SaleReversal): Promise<void> {
    await this.methodOf(reversal.sale.payment_method)?.reverseSale?.(tx, reversal);
  }

  /** The registered method `name` (the default when absent): the generic tests read its `example`. */
  methodOf(name: string | undefined): PaymentMethod | undefined {
    return name === undefined ? this.methods.default : this.methods.find(name);
  }
}
