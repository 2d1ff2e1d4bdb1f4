import { Injectable } from '@nestjs/common';
import type { PaymentMethod } from '../orders/payment-method';
import { PaymentMethodProvider } from '../orders/payment-methods';
import { SALES_BOOKING } from './sales-booking';

/** A bank transfer: nothing to check at the sale; booked as sales income. */
@Injectable()
@PaymentMethodProvider()
export class BankTransferPayment implements PaymentMethod {
  readonly name = 'bank_transfer';
  readonly booking = SALES_BOOKING;
}
