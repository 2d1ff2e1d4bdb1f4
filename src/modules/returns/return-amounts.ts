import { dec, Decimal, DecimalInput, roundMoney } from '../../common/money/money';
import { lineValues, OrderTaxLine, refundTaxLines, TaxLine } from '../taxes/tax-arithmetic';

/**
 * The money of a return (docs/api.md 12), as one pure function. Every figure is cumulative: what has
 * been refunded of a line, of the tax, of the discount and in points after this return, minus the
 * same figure before it. Rounding happens on the cumulative figures only, so it never drifts: any
 * sequence of partial returns of everything, with shipping, refunds exactly the order's total.
 */
export interface ReturnableOrder {
  subtotal: DecimalInput;
  taxAmount: DecimalInput;
  discountAmount: DecimalInput;
  shippingAmount: DecimalInput;
  total: DecimalInput;
  /** the points the order earned (0 without a customer) */
  pointsEarned: number;
  /** what earlier returns refunded of the order's total */
  refundedAmount: DecimalInput;
  /** whether an earlier return refunded the shipping */
  shippingRefunded: boolean;
  lines: ReturnableLine[];
  /** the order's tax per rate when the server computed it (docs/api.md 22); absent: the whole-order tax rule */
  tax?: ReturnableTax;
}

/** An order's computed tax: its mode and its rates, each with the ids of its lines. */
export interface ReturnableTax {
  inclusive: boolean;
  lines: (Omit<OrderTaxLine, 'lineIndexes'> & { lineIds: string[] })[];
}

export interface ReturnableLine {
  id: string;
  quantity: DecimalInput;
  total: DecimalInput;
  /** the quantity earlier returns took back */
  returnedQuantity: DecimalInput;
}

export interface ReturnRequestLine {
  lineId: string;
  quantity: DecimalInput;
}

export interface ReturnLineAmount {
  lineId: string;
  quantity: Decimal;
  amount: Decimal;
}

export interface ReturnAmounts {
  lines: ReturnLineAmount[];
  subtotal: Decimal;
  taxAmount: Decimal;
  discountAmount: Decimal;
  shippingAmount: Decimal;
  total: Decimal;
  /** the points to reverse by the cumulative floor rule (before the balance limit) */
  points: number;
  /** the order's refunded amount after this return */
  refundedAfter: Decimal;
  /** its tax per rate (docs/api.md 22): the increases of the cumulative refunds; empty without computed tax */
  taxLines: TaxLine[];
}

/** A line's returned quantities beyond what it sold: the caller answers 422 RETURN_EXCEEDS_SOLD. */
export class ReturnExceedsSold extends Error {
  constructor(
    readonly lineId: string,
    readonly sold: Decimal,
    readonly returned: Decimal,
    readonly requested: Decimal,
  ) {
    super(`line ${lineId}: ${requested.toString()} requested, ${returned.toString()} of ${sold.toString()} already returned`);
  }
}

/** A requested line that is not a line of this order: 422 UNKNOWN_SALE_ITEM. */
export class UnknownReturnLine extends Error {
  constructor(readonly lineId: string) {
    super(`line ${lineId} is not a line of this order`);
  }
}

export function returnAmounts(order: ReturnableOrder, request: ReturnRequestLine[], refundShipping: boolean): ReturnAmounts {
  const requested = requestedPerLine(order, request);
  let goodsBefore = dec(0);
  let goodsAfter = dec(0);
  const lines: ReturnLineAmount[] = [];
  for (const line of order.lines) {
    const before = cumulativeGoods(line, dec(line.returnedQuantity));
    goodsBefore = goodsBefore.plus(before);
    const quantity = requested.get(line.id);
    if (quantity === undefined) {
      goodsAfter = goodsAfter.plus(before);
      continue;
    }
    const after = cumulativeGoods(line, dec(line.returnedQuantity).plus(quantity));
    goodsAfter = goodsAfter.plus(after);
    lines.push({ lineId: line.id, quantity, amount: after.minus(before) });
  }

  const subtotal = goodsAfter.minus(goodsBefore);
  const before = returnedShare(order, goodsBefore, new Map());
  const after = returnedShare(order, goodsAfter, requested);
  const discountAmount = shareOf(order.discountAmount, after).minus(shareOf(order.discountAmount, before));
  const shippingAmount = refundShipping && !order.shippingRefunded ? dec(order.shippingAmount) : dec(0);
  const taxLines = order.tax ? taxPerRate(order, order.tax, requested, shippingAmount.gt(0)) : [];
  const taxAmount = order.tax
    ? taxLines.reduce((sum, l) => sum.plus(l.taxAmount), dec(0))
    : shareOf(order.taxAmount, after).minus(shareOf(order.taxAmount, before));
  // inclusive prices: the tax is inside the goods refunded, not added to them (docs/api.md 22)
  const taxAdded = order.tax?.inclusive ? dec(0) : taxAmount;
  const left = dec(order.total).minus(order.refundedAmount);
  const total = Decimal.min(Decimal.max(0, subtotal.plus(taxAdded).minus(discountAmount).plus(shippingAmount)), Decimal.max(0, left));
  const refundedAfter = dec(order.refundedAmount).plus(total);
  const points =
    cumulativePointsReversed(order.pointsEarned, order.total, refundedAfter) - cumulativePointsReversed(order.pointsEarned, order.total, order.refundedAmount);
  return { lines, subtotal, taxAmount, discountAmount, shippingAmount, total, points, refundedAfter, taxLines };
}

/** The return's tax per rate by the cumulative rule of docs/api.md 22 (taxes/tax-arithmetic.ts). */
function taxPerRate(order: ReturnableOrder, tax: ReturnableTax, requested: Map<string, Decimal>, shippingNow: boolean): TaxLine[] {
  const indexOf = new Map(order.lines.map((line, i) => [line.id, i]));
  const values = lineValues(
    order.lines.map((l) => l.total),
    order.discountAmount,
  );
  return refundTaxLines(
    {
      lines: tax.lines.map((l) => ({ ...l, lineIndexes: l.lineIds.filter((id) => indexOf.has(id)).map((id) => indexOf.get(id)!) })),
      lineValues: values,
      inclusive: tax.inclusive,
      shippingAmount: order.shippingAmount,
    },
    order.lines.map((line) => ({ sold: line.quantity, before: line.returnedQuantity, after: dec(line.returnedQuantity).plus(requested.get(line.id) ?? 0) })),
    { before: order.shippingRefunded, after: order.shippingRefunded || shippingNow },
  );
}

/** The sum per line of the requested quantities (the same line twice is checked on the sum). */
function requestedPerLine(order: ReturnableOrder, request: ReturnRequestLine[]): Map<string, Decimal> {
  const byId = new Map(order.lines.map((line) => [line.id, line]));
  const requested = new Map<string, Decimal>();
  for (const { lineId, quantity } of request) {
    if (!byId.has(lineId)) throw new UnknownReturnLine(lineId);
    requested.set(lineId, (requested.get(lineId) ?? dec(0)).plus(quantity));
  }
  for (const [lineId, quantity] of requested) {
    const line = byId.get(lineId)!;
    const sold = dec(line.quantity);
    const returned = dec(line.returnedQuantity);
    if (returned.plus(quantity).greaterThan(sold)) throw new ReturnExceedsSold(lineId, sold, returned, quantity);
  }
  return requested;
}

/** round(line total x returned / sold), half up to cents. */
function cumulativeGoods(line: ReturnableLine, returned: Decimal): Decimal {
  const sold = dec(line.quantity);
  if (sold.isZero()) return dec(0);
  return roundMoney(dec(line.total).times(returned).dividedBy(sold));
}

/** A fraction of the order, kept as its two terms so that amounts are multiplied before the one division. */
interface Share {
  returned: Decimal;
  of: Decimal;
}

/**
 * The share of the order returned so far, which the tax and the discount follow: the goods refunded
 * over the subtotal, or when the subtotal is 0 (nothing to weigh by) the quantity returned over the
 * quantity sold, all lines together, so a free order's tax can still be refunded in full.
 * `requested` is added to what earlier returns took back.
 */
function returnedShare(order: ReturnableOrder, goods: Decimal, requested: Map<string, Decimal>): Share {
  if (!dec(order.subtotal).isZero()) return { returned: goods, of: dec(order.subtotal) };
  let sold = dec(0);
  let returned = dec(0);
  for (const line of order.lines) {
    sold = sold.plus(line.quantity);
    returned = returned.plus(line.returnedQuantity).plus(requested.get(line.id) ?? 0);
  }
  return { returned, of: sold };
}

/** round(amount x share), half up to cents; 0 of nothing. */
function shareOf(amount: DecimalInput, share: Share): Decimal {
  if (share.of.isZero()) return dec(0);
  return roundMoney(dec(amount).times(share.returned).dividedBy(share.of));
}

/**
 * The points an order's refunds have reversed in all, by the cumulative floor rule: floor(E x R /
 * total), and E itself once everything is refunded. A cancellation reverses E minus this.
 */
export function cumulativePointsReversed(pointsEarned: number, orderTotal: DecimalInput, refunded: DecimalInput): number {
  const total = dec(orderTotal);
  if (total.isZero()) return 0;
  if (dec(refunded).greaterThanOrEqualTo(total)) return pointsEarned;
  return dec(pointsEarned).times(refunded).dividedBy(total).floor().toNumber();
}
