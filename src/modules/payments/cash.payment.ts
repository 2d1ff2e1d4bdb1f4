import { Injectable } from '@nestjs/common';
import { DomainError } from '../../common/errors/domain-error';
import { dec, moneyNumber, moneyString } from '../../common/money/money';
import type { PaymentMethod, SaleTender } from '../orders/payment-method';
import { PaymentMethodProvider } from '../orders/payment-methods';
import { CashFields } from './dto/cash-fields.dto';
import { SALES_BOOKING } from './sales-booking';

/**
 * Cash, the default way to pay: an optional `cash_tendered`, at least the order's total (422
 * INSUFFICIENT_TENDER below it), with the change due worked out exactly. The check is in memory: the
 * total is known before any number is taken, so it costs the order no round trip.
 */
@Injectable()
@PaymentMethodProvider()
export class CashPayment implements PaymentMethod<CashFields> {
  readonly name = 'cash';
  readonly isDefault = true;
  readonly fields = CashFields;
  readonly refusals = ['INSUFFICIENT_TENDER'] as const;
  readonly booking = SALES_BOOKING;

  tender(total: string, fields: CashFields): SaleTender | null {
    if (fields.cash_tendered === undefined || fields.cash_tendered === null) return null;
    const tendered = dec(fields.cash_tendered);
    if (tendered.lt(total)) {
      throw new DomainError('INSUFFICIENT_TENDER', undefined, [{ total: moneyNumber(total), cash_tendered: moneyNumber(tendered) }]);
    }
    return { tendered: moneyString(tendered), change: moneyString(tendered.minus(total)) };
  }
}
