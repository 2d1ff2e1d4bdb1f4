import { Injectable } from '@nestjs/common';
import type { PaymentMethod } from '../orders/payment-method';
import { PaymentMethodProvider } from '../orders/payment-methods';
import { SALES_BOOKING } from './sales-booking';

/** A card payment: settled by the terminal, nothing to check here; booked as sales income. */
@Injectable()
@PaymentMethodProvider()
export class CardPayment implements PaymentMethod {
  readonly name = 'card';
  readonly booking = SALES_BOOKING;
}
