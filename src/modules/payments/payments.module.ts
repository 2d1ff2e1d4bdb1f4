import { Module } from '@nestjs/common';
import { BankTransferPayment } from './bank-transfer.payment';
import { CardPayment } from './card.payment';
import { CashPayment } from './cash.payment';

/**
 * The ways to pay an order that ship with the service. Each is a `@PaymentMethodProvider()`
 * (orders/payment-methods.ts), gathered when the app starts: a new way to pay is a provider of its
 * own module, like these (ARCHITECTURE.md, "Add a payment method").
 */
@Module({ providers: [CashPayment, CardPayment, BankTransferPayment] })
export class PaymentsModule {}
