import { IsOptional, IsPositive } from 'class-validator';
import { IsIsoDate, IsMoney, IsOneOf } from '../../../common/validation/decorators';
import { PAYMENT_METHODS, PaymentMethod } from '../../orders/dto/create-order.dto';

/** POST /purchase-orders/:id/payments (CONTRACT.md 13): a payment to the supplier, booked as a finance expense. */
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
  @IsOneOf(PAYMENT_METHODS)
  method?: PaymentMethod;
}
