import { IsOptional, IsPositive } from 'class-validator';
import { IsIsoDate, IsMoney, IsOneOf } from '../../../common/validation/decorators';

/**
 * How a supplier is paid: a list of its own, so a new way for customers to pay (a registered payment
 * method, orders/payment-methods.ts) never becomes a way to pay suppliers.
 */
export const SUPPLIER_PAYMENT_METHODS = ['cash', 'card', 'bank_transfer'] as const;
export type SupplierPaymentMethod = (typeof SUPPLIER_PAYMENT_METHODS)[number];

/** POST /purchase-orders/:id/payments (docs/api.md 13): a payment to the supplier, booked as a finance expense. */
export class CreateSupplierPaymentDto {
  /** Above 0, at most 2 decimals; with what was paid before, at most the order's total. */
  @IsMoney({ required: true })
  @IsPositive({ message: 'amount must be above 0' })
  amount: number;

  /** The booking day; today in the business time zone when omitted. */
  @IsOptional()
  @IsIsoDate()
  date?: string;

  @IsOptional()
  @IsOneOf(SUPPLIER_PAYMENT_METHODS)
  method?: SupplierPaymentMethod;
}
