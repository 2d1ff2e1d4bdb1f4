import { dec, Decimal, DecimalInput, roundMoney } from '../../common/money/money';

/**
 * The tax rule of docs/api.md 22, as pure functions (no Nest, no database), exact decimals:
 *
 * - the order's discount is spread over the lines in proportion to their totals, to the cent, by
 *   largest remainder (`spreadDiscount`); a discount above the subtotal spreads only the subtotal (a
 *   line's value never goes below 0);
 * - per rate, on the sum of its lines' values after their shares (V_r, plus the shipping when the
 *   business taxes it at that rate): exclusive prices `tax = round_half_up(V_r × rate / 100)`,
 *   taxable = V_r; inclusive prices `tax = V_r - round_half_up(V_r / (1 + rate / 100))`, taxable =
 *   V_r - tax (always net of tax);
 * - refunds are cumulative per rate: after a return, the rate's tax refunded so far is
 *   `round_half_up(tax_r × G_r / V_r)`, G_r the value returned so far at the rate (each line's
 *   `round_half_up(value × returned / sold)`, the shipping once refunded), so any sequence of returns
 *   gives back exactly tax_r once everything is returned, and never more.
 */

/** A rate as the order reads it: `rate` the percentage as decimal text. */
export interface TaxRateInfo {
  id: string;
  name: string;
  rate: string;
}

/** An order's or a refund's tax at one rate. `base` is V_r (a refund's: the increase of G_r). */
export interface TaxLine {
  taxRateId: string;
  name: string;
  rate: string;
  taxableAmount: Decimal;
  taxAmount: Decimal;
  base: Decimal;
}

/** An order's tax at one rate and which of its lines (by index) and whether its shipping are at it. */
export interface OrderTaxLine extends TaxLine {
  lineIndexes: number[];
  shipping: boolean;
}

export interface TaxableLine {
  /** the line's total (quantity × unit price - line discount): net of tax or gross, as the prices are */
  total: DecimalInput;
  /** its rate; null: untaxed */
  rate: TaxRateInfo | null;
}

export interface TaxableOrder {
  lines: TaxableLine[];
  discountAmount: DecimalInput;
  shippingAmount: DecimalInput;
  /** the rate of the shipping; null: untaxed */
  shippingRate: TaxRateInfo | null;
  /** prices include tax */
  inclusive: boolean;
}

export interface OrderTax {
  /** one per rate, in the order rates first appear (lines, then shipping) */
  lines: OrderTaxLine[];
  /** the sum of the lines' tax */
  taxAmount: Decimal;
  /** each line's share of the order discount */
  discountShares: Decimal[];
}

const HUNDRED = dec(100);

/** round half up to cents, the money rule (roundMoney); named for the rule it is here. */
export const roundHalfUp = (value: DecimalInput): Decimal => roundMoney(value);

/**
 * The order discount over the lines, in proportion to their totals, to the cent, by largest
 * remainder (ties to the earlier line). At most the lines' sum is spread; nothing when they sum to 0.
 */
export function spreadDiscount(totals: DecimalInput[], discount: DecimalInput): Decimal[] {
  const values = totals.map((t) => dec(t));
  const sum = values.reduce((acc, v) => acc.plus(v), dec(0));
  if (sum.lte(0)) return values.map(() => dec(0));
  const spread = Decimal.min(dec(discount), sum);
  const cents = spread.times(100);
  const exact = values.map((v) => cents.times(v).dividedBy(sum));
  const floors = exact.map((e) => e.floor());
  let left = cents.minus(floors.reduce((acc, f) => acc.plus(f), dec(0))).toNumber();
  const order = exact.map((e, i) => ({ i, rest: e.minus(floors[i]) })).sort((a, b) => b.rest.comparedTo(a.rest) || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    floors[i] = floors[i].plus(1);
    left--;
  }
  return floors.map((f) => f.dividedBy(100));
}

/** The tax on V at `rate` and its taxable amount, exclusive or inclusive (docs/api.md 22). */
export function taxOn(value: DecimalInput, rate: DecimalInput, inclusive: boolean): { taxAmount: Decimal; taxableAmount: Decimal } {
  const v = dec(value);
  if (!inclusive) return { taxAmount: roundHalfUp(v.times(rate).dividedBy(HUNDRED)), taxableAmount: v };
  const net = roundHalfUp(v.dividedBy(dec(1).plus(dec(rate).dividedBy(HUNDRED))));
  return { taxAmount: v.minus(net), taxableAmount: net };
}

/** The order's tax per rate (docs/api.md 22). */
export function taxOrder(order: TaxableOrder): OrderTax {
  const discountShares = spreadDiscount(
    order.lines.map((l) => l.total),
    order.discountAmount,
  );
  const byRate = new Map<string, { rate: TaxRateInfo; base: Decimal; lineIndexes: number[]; shipping: boolean }>();
  const at = (rate: TaxRateInfo) => {
    let entry = byRate.get(rate.id);
    if (!entry) byRate.set(rate.id, (entry = { rate, base: dec(0), lineIndexes: [], shipping: false }));
    return entry;
  };
  order.lines.forEach((line, i) => {
    if (!line.rate) return;
    const entry = at(line.rate);
    entry.base = entry.base.plus(dec(line.total).minus(discountShares[i]));
    entry.lineIndexes.push(i);
  });
  if (order.shippingRate && dec(order.shippingAmount).gt(0)) {
    const entry = at(order.shippingRate);
    entry.base = entry.base.plus(order.shippingAmount);
    entry.shipping = true;
  }
  const lines = [...byRate.values()].map(({ rate, base, lineIndexes, shipping }) => ({
    taxRateId: rate.id,
    name: rate.name,
    rate: rate.rate,
    ...taxOn(base, rate.rate, order.inclusive),
    base,
    lineIndexes,
    shipping,
  }));
  return { lines, taxAmount: lines.reduce((acc, l) => acc.plus(l.taxAmount), dec(0)), discountShares };
}

/** round_half_up(value × returned / sold): a line's value returned so far (0 of a line that sold nothing). */
export function returnedValue(value: DecimalInput, returned: DecimalInput, sold: DecimalInput): Decimal {
  const s = dec(sold);
  if (s.isZero()) return dec(0);
  return roundHalfUp(dec(value).times(returned).dividedBy(s));
}

/**
 * A rate's cumulative refund after G of its V has been returned: `round_half_up(tax × G / V)` and
 * the taxable amount to match (exclusive: G; inclusive: G less that tax); all of it once G = V.
 */
export function cumulativeRefund(
  line: Pick<TaxLine, 'taxAmount' | 'taxableAmount' | 'base'>,
  returned: DecimalInput,
  inclusive: boolean,
): { taxAmount: Decimal; taxableAmount: Decimal } {
  const g = dec(returned);
  if (line.base.lte(0)) return { taxAmount: dec(0), taxableAmount: dec(0) };
  if (g.gte(line.base)) return { taxAmount: line.taxAmount, taxableAmount: line.taxableAmount };
  const taxAmount = roundHalfUp(line.taxAmount.times(g).dividedBy(line.base));
  return { taxAmount, taxableAmount: inclusive ? g.minus(taxAmount) : g };
}

/** What one line of the order had returned before a return and has after it. */
export interface ReturnedLineState {
  sold: DecimalInput;
  before: DecimalInput;
  after: DecimalInput;
}

/**
 * A refund's tax lines: per rate of the order, the increase of its cumulative refund from the lines'
 * returned quantities before to after (and the shipping, refunded before or now). Rates with no
 * increase of value are left out.
 */
export function refundTaxLines(
  order: { lines: OrderTaxLine[]; lineValues: Decimal[]; inclusive: boolean; shippingAmount: DecimalInput },
  returned: ReturnedLineState[],
  shipping: { before: boolean; after: boolean },
): TaxLine[] {
  const out: TaxLine[] = [];
  for (const line of order.lines) {
    let gBefore = dec(0);
    let gAfter = dec(0);
    for (const i of line.lineIndexes) {
      gBefore = gBefore.plus(returnedValue(order.lineValues[i], returned[i].before, returned[i].sold));
      gAfter = gAfter.plus(returnedValue(order.lineValues[i], returned[i].after, returned[i].sold));
    }
    if (line.shipping) {
      if (shipping.before) gBefore = gBefore.plus(order.shippingAmount);
      if (shipping.after) gAfter = gAfter.plus(order.shippingAmount);
    }
    if (gAfter.eq(gBefore)) continue;
    const before = cumulativeRefund(line, gBefore, order.inclusive);
    const after = cumulativeRefund(line, gAfter, order.inclusive);
    out.push({
      taxRateId: line.taxRateId,
      name: line.name,
      rate: line.rate,
      taxableAmount: after.taxableAmount.minus(before.taxableAmount),
      taxAmount: after.taxAmount.minus(before.taxAmount),
      base: gAfter.minus(gBefore),
    });
  }
  return out;
}

/** The lines' values after their discount shares (each line's part of V_r). */
export function lineValues(totals: DecimalInput[], discountAmount: DecimalInput): Decimal[] {
  const shares = spreadDiscount(totals, discountAmount);
  return totals.map((t, i) => dec(t).minus(shares[i]));
}
