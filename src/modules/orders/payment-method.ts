import type { Type } from '@nestjs/common';
import { BusinessContext } from '../../common/auth/business-context';
import { ErrorCode } from '../../common/errors/error-codes';
import { Tx } from '../../database/transaction';
import type { SaleStatement } from './persistence/sale-statement';
import { SaleDraft } from './sale-draft';
import type { SaleReversal } from './sale-effect';

/**
 * A way to pay an order (`payment_method`: cash, card, a voucher): a Nest provider of its own module,
 * marked `@PaymentMethodProvider()` (payment-methods.ts), gathered when the app starts. Its name is a
 * value of POST /orders' `payment_method` (the document's enum and the validation come from the
 * registered methods); its own fields of the order's body, its check, its rows with the sale, its
 * undo and what finance books for it are declared here together, so orders/ and returns/ name no
 * method. The payments sale effect (payment-sale.effect.ts) runs the sale's method among the effects.
 */
export interface PaymentMethod<Fields extends object = object> {
  /** the value of `payment_method`, snake_case */
  readonly name: string;
  /** the method of an order that names none; exactly one registered method is */
  readonly isDefault?: boolean;
  /**
   * Optional: its own fields of POST /orders' body (`cash_tendered`), a class whose properties carry
   * their class-validator rules and @ApiPropertyOptional, as in any DTO: scalars or nested objects.
   * They become top-level fields of the order's body when the app starts, each accepted only when the
   * order is paid this way (given or by default: 400 otherwise); other cross-field rules are the
   * class's own validators. The order's validated body is handed to the method as `Fields`.
   */
  readonly fields?: Type<Fields>;
  /** valid fields, for the generic tests that place an order of every method (absent: none needed) */
  readonly example?: Fields;
  /** it takes LockRank.PaymentMethod in its check and its undo (a row of its own) */
  readonly locks?: boolean;
  /** the codes its tender or check refuses an order with: POST /orders documents them */
  readonly refusals?: readonly ErrorCode[];
  /**
   * Optional, in memory (no round trip): what the customer handed over against the order's `total`
   * (exact decimal), stored as the sale's `cash_tendered` and `change_due`; null when nothing was
   * tendered. It may refuse with a DomainError: the order then writes nothing and takes no number.
   */
  tender?(total: string, fields: Fields): SaleTender | null;
  /**
   * Optional, inside the order's transaction after its stock is taken, before the numbered
   * statement: its own statements (round trips only for a method that has this check). It takes
   * `tx.locks.take(LockRank.PaymentMethod)` first when it locks, and may refuse with a DomainError.
   */
  checkSale?(tx: Tx, business: BusinessContext, sale: SaleDraft, fields: Fields): Promise<void>;
  /** Optional: its rows with the sale, parts of the numbered statement named `payments.<part>`. */
  addToSale?(stmt: SaleStatement, sale: SaleDraft, fields: Fields): void;
  /**
   * Optional: its undo, for a cancellation (`reversal.wholeSale`) and a return alike, of
   * `reversal.amount` given back: what it wrote it finds by `reversal.sale.id`.
   */
  reverseSale?(tx: Tx, reversal: SaleReversal): Promise<void>;
  /**
   * What finance books for a sale paid this way (its income) and for what is given back (its refund):
   * the ledger category, or null when the method moves no money finance records (credit already
   * booked when it was sold).
   */
  readonly booking: PaymentBooking | null;
}

/** A finance booking of a sale's money: `income` when sold and `refund` when given back, in this category. */
export interface PaymentBooking {
  readonly category: string;
}

/** What a customer handed over and the change given back, exact decimals. */
export interface SaleTender {
  tendered: string;
  change: string;
}
