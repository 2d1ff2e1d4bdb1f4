import { dec, Decimal, DecimalInput } from '../../common/money/money';

/** A received product that the transfer did not ship. */
export class UnknownTransferProduct extends Error {
  constructor(readonly index: number) {
    super(`items[${index}].product_id is not a product of this transfer`);
  }
}

/** More of a product received than was shipped: the caller answers 422 RECEIPT_EXCEEDS_SHIPPED. */
export class ReceiptExceedsShipped extends Error {
  constructor(
    readonly productId: string,
    readonly shipped: Decimal,
    readonly requested: Decimal,
  ) {
    super(`product ${productId}: ${requested.toString()} received, ${shipped.toString()} shipped`);
  }
}

export interface ShippedLine {
  productId: string;
  quantity: DecimalInput;
}

export interface Arrival {
  productId: string;
  received: Decimal;
  lost: Decimal;
}

/** Each product once, with the quantities of its lines added, in the order of its first line. */
export function perProduct(lines: ShippedLine[]): { productId: string; quantity: string }[] {
  const sums = new Map<string, Decimal>();
  for (const l of lines) sums.set(l.productId, (sums.get(l.productId) ?? dec(0)).plus(dec(l.quantity)));
  return [...sums].map(([productId, quantity]) => ({ productId, quantity: quantity.toString() }));
}

/**
 * What arrived and what was lost of each shipped line, in their order. Without `received`, everything
 * arrived; with it, each named product arrived as given (0 allowed; a product named on several lines
 * arrived as their sum) and a product not named arrived not at all. A product shipped on several lines
 * fills them in line order. Throws for a product the transfer did not ship, or more than was shipped.
 */
export function arrivals(shipped: ShippedLine[], received?: { productId: string; quantity: DecimalInput }[]): Arrival[] {
  if (received === undefined) return shipped.map((l) => ({ productId: l.productId, received: dec(l.quantity), lost: dec(0) }));
  const shippedOf = new Map(perProduct(shipped).map((l) => [l.productId, dec(l.quantity)]));
  received.forEach((r, i) => {
    if (!shippedOf.has(r.productId)) throw new UnknownTransferProduct(i);
  });
  const left = new Map(perProduct(received).map((r) => [r.productId, dec(r.quantity)]));
  for (const [productId, quantity] of left) {
    if (quantity.greaterThan(shippedOf.get(productId)!)) throw new ReceiptExceedsShipped(productId, shippedOf.get(productId)!, quantity);
  }
  return shipped.map((l) => {
    const got = Decimal.min(dec(l.quantity), left.get(l.productId) ?? dec(0));
    left.set(l.productId, (left.get(l.productId) ?? dec(0)).minus(got));
    return { productId: l.productId, received: got, lost: dec(l.quantity).minus(got) };
  });
}
