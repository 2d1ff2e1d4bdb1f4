import { dec, Decimal, DecimalInput, MAX_MONEY, roundMoney } from '../../common/money/money';

export interface PurchaseLineInput {
  quantity: DecimalInput;
  unitCost: DecimalInput;
}

export interface PricedPurchaseOrder {
  lineTotals: Decimal[];
  total: Decimal;
}

/** A purchase order whose line or total does not fit a money amount: the caller answers 400 on `field`. */
export class PurchaseOrderTooLarge extends Error {
  constructor(readonly field: string) {
    super(`${field} must be at most ${MAX_MONEY}`);
  }
}

/** docs/api.md 13: line total = round(quantity x unit_cost) (half up, cents); total = sum of lines. */
export function pricePurchaseOrder(lines: PurchaseLineInput[]): PricedPurchaseOrder {
  const lineTotals = lines.map((line, i) => {
    const total = roundMoney(dec(line.quantity).times(line.unitCost));
    if (total.greaterThan(MAX_MONEY)) throw new PurchaseOrderTooLarge(`items.${i}`);
    return total;
  });
  const total = lineTotals.reduce((sum, t) => sum.plus(t), dec(0));
  if (total.greaterThan(MAX_MONEY)) throw new PurchaseOrderTooLarge('items');
  return { lineTotals, total };
}
