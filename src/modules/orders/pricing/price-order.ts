import { DomainError } from '../../../common/errors/domain-error';
import { dec, Decimal, DecimalInput, moneyNumber, quantityNumber, roundMoney } from '../../../common/money/money';
import { OrderTaxLine, taxOrder } from '../../taxes/tax-arithmetic';
import { Taxing } from '../../taxes/order-taxing';

export interface PricedLineInput {
  productId: string;
  quantity: DecimalInput;
  /** the product's current price */
  productPrice: DecimalInput;
  /** a price given on the order line, which overrides the product's */
  price?: DecimalInput | null;
  /** a line discount, an amount */
  discount?: DecimalInput | null;
  /** the product's own tax rate (null: the business's default), when the order's tax is computed */
  taxRateId?: string | null;
}

export interface OrderAdjustments {
  taxAmount?: DecimalInput | null;
  shippingAmount?: DecimalInput | null;
  discountAmount?: DecimalInput | null;
}

export interface PricedLine {
  productId: string;
  quantity: Decimal;
  unitPrice: Decimal;
  discount: Decimal;
  total: Decimal;
}

export interface OrderPrice {
  lines: PricedLine[];
  subtotal: Decimal;
  taxAmount: Decimal;
  shippingAmount: Decimal;
  discountAmount: Decimal;
  total: Decimal;
  /** loyalty points the total is worth: one per whole currency unit, rounded down */
  points: number;
  /** the tax per rate when it was computed (docs/api.md 22); empty when the order gave its tax_amount or nothing is taxed */
  taxLines: OrderTaxLine[];
  /** prices included tax: lines and subtotal are gross, the tax is inside the total */
  taxIncluded: boolean;
}

/**
 * Order maths, exact decimals:
 *   unit_price = price ?? product price; line total = quantity x unit_price - discount (to the cent,
 *   half up; a discount above quantity x unit_price is NEGATIVE_TOTAL);
 *   subtotal = sum of line totals; total = subtotal + tax + shipping - order discount (>= 0, else
 *   NEGATIVE_TOTAL); points = floor(total).
 * Without a tax amount, with `taxing` (a business with tax rates): the tax per rate by the rule of
 * docs/api.md 22 (taxes/tax-arithmetic.ts); with inclusive prices it is inside the total, not added.
 */
export function priceOrder(inputs: PricedLineInput[], adjustments: OrderAdjustments = {}, taxing: Taxing | null = null): OrderPrice {
  const lines = inputs.map(priceLine);
  const subtotal = lines.reduce((sum, line) => sum.plus(line.total), dec(0));
  const shippingAmount = roundMoney(dec(adjustments.shippingAmount));
  const discountAmount = roundMoney(dec(adjustments.discountAmount));
  const computed = adjustments.taxAmount == null && taxing ? taxLinesOf(inputs, lines, taxing, discountAmount, shippingAmount) : [];
  const taxIncluded = computed.length > 0 && taxing!.inclusive;
  const taxAmount = computed.length > 0 ? computed.reduce((sum, l) => sum.plus(l.taxAmount), dec(0)) : roundMoney(dec(adjustments.taxAmount));
  const total = subtotal
    .plus(taxIncluded ? 0 : taxAmount)
    .plus(shippingAmount)
    .minus(discountAmount);
  if (total.isNegative()) {
    throw new DomainError('NEGATIVE_TOTAL', 'The order discount is larger than the amount it discounts', [
      {
        subtotal: moneyNumber(subtotal),
        tax_amount: moneyNumber(taxAmount),
        shipping_amount: moneyNumber(shippingAmount),
        discount_amount: moneyNumber(discountAmount),
        total: moneyNumber(total),
      },
    ]);
  }
  return { lines, subtotal, taxAmount, shippingAmount, discountAmount, total, points: total.floor().toNumber(), taxLines: computed, taxIncluded };
}

function taxLinesOf(inputs: PricedLineInput[], lines: PricedLine[], taxing: Taxing, discountAmount: Decimal, shippingAmount: Decimal): OrderTaxLine[] {
  return taxOrder({
    lines: lines.map((line, i) => ({ total: line.total, rate: taxing.rateOf(inputs[i].taxRateId ?? null) })),
    discountAmount,
    shippingAmount,
    shippingRate: taxing.shippingRate,
    inclusive: taxing.inclusive,
  }).lines;
}

function priceLine(input: PricedLineInput, index: number): PricedLine {
  const quantity = dec(input.quantity);
  const unitPrice = roundMoney(dec(input.price ?? input.productPrice));
  const discount = roundMoney(dec(input.discount));
  const amount = quantity.times(unitPrice);
  if (discount.greaterThan(amount)) {
    throw new DomainError('NEGATIVE_TOTAL', 'A line discount is larger than the line amount', [
      {
        line: index,
        product_id: input.productId,
        quantity: quantityNumber(quantity),
        unit_price: moneyNumber(unitPrice),
        amount: moneyNumber(amount),
        discount: moneyNumber(discount),
      },
    ]);
  }
  return { productId: input.productId, quantity, unitPrice, discount, total: roundMoney(amount.minus(discount)) };
}
