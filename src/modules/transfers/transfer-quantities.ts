import { dec, Decimal, DecimalInput } from '../../common/money/money';
import { firstRepeatedProduct, repeatedProductMessage } from '../../common/validation/one-line-per-product';

/** A product named twice in one request: its lines would have to be added, so the client is asked to. */
export class DuplicateTransferProduct extends Error {
  constructor(readonly index: number) {
    super(repeatedProductMessage(index));
  }
}

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

/**
 * What arrived and what was lost of each shipped line, in their order. Without `received`, everything
 * arrived; with it, each named product arrived as given (0 allowed) and a product not named arrived not
 * at all. Throws for a product named twice, one the transfer did not ship, or more than was shipped.
 */
export function arrivals(shipped: ShippedLine[], received?: { productId: string; quantity: DecimalInput }[]): Arrival[] {
  if (received === undefined) return shipped.map((l) => ({ productId: l.productId, received: dec(l.quantity), lost: dec(0) }));
  const repeated = firstRepeatedProduct(received);
  if (repeated >= 0) throw new DuplicateTransferProduct(repeated);
  const shippedOf = new Map(shipped.map((l) => [l.productId, dec(l.quantity)]));
  const arrived = new Map<string, Decimal>();
  received.forEach((r, i) => {
    const quantity = shippedOf.get(r.productId);
    if (quantity === undefined) throw new UnknownTransferProduct(i);
    if (dec(r.quantity).greaterThan(quantity)) throw new ReceiptExceedsShipped(r.productId, quantity, dec(r.quantity));
    arrived.set(r.productId, dec(r.quantity));
  });
  return shipped.map((l) => {
    const got = arrived.get(l.productId) ?? dec(0);
    return { productId: l.productId, received: got, lost: dec(l.quantity).minus(got) };
  });
}
