import { dec, Decimal, DecimalInput, roundMoney } from '../../common/money/money';

export interface ReceivedLine {
  quantity: DecimalInput;
  unitCost: DecimalInput;
}

/**
 * The value received of a purchase order (docs/api.md 13): every received quantity at the
 * unit cost it was received at, summed exactly and rounded once, so receipts of fractions of a cent
 * are not each rounded up.
 */
export function valueReceived(lines: ReceivedLine[]): Decimal {
  return roundMoney(lines.reduce((sum, l) => sum.plus(dec(l.quantity).times(l.unitCost)), dec(0)));
}

/**
 * The most a purchase order may have been paid after a payment: its total, or once cancelled
 * min(total, value received). The total stays a bound after cancelling: goods received above the
 * ordered cost were not ordered at that price.
 */
export function supplierPayable(order: { status: string; total: DecimalInput }, received: ReceivedLine[]): Decimal {
  const total = dec(order.total);
  if (order.status !== 'cancelled') return total;
  return Decimal.min(total, valueReceived(received));
}
