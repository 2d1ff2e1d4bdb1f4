import { dec, Decimal, DecimalInput } from '../../common/money/money';

export interface ReceivableLine {
  id: string;
  quantity: DecimalInput;
  receivedQuantity: DecimalInput;
}

/** A requested line that is not a line of this purchase order. */
export class UnknownReceiptLine extends Error {
  constructor(readonly index: number) {
    super(`items.${index}.purchase_order_item_id is not a line of this purchase order`);
  }
}

/** A line's received quantities beyond what it ordered: the caller answers 422 RECEIPT_EXCEEDS_ORDERED. */
export class ReceiptExceedsOrdered extends Error {
  constructor(
    readonly lineId: string,
    readonly ordered: Decimal,
    readonly received: Decimal,
    readonly requested: Decimal,
  ) {
    super(`line ${lineId}: ${requested.toString()} requested, ${received.toString()} of ${ordered.toString()} already received`);
  }
}

/**
 * The received quantity after a receipt of `request` of each line it names (the same line twice is
 * checked on its sum), and whether every line of the order is then received in full.
 */
export function receiveQuantities(
  lines: ReceivableLine[],
  request: { lineId: string; quantity: DecimalInput }[],
): { after: Map<string, Decimal>; complete: boolean } {
  const byId = new Map(lines.map((l) => [l.id, l]));
  const requested = new Map<string, Decimal>();
  request.forEach(({ lineId, quantity }, i) => {
    if (!byId.has(lineId)) throw new UnknownReceiptLine(i);
    requested.set(lineId, (requested.get(lineId) ?? dec(0)).plus(quantity));
  });
  const after = new Map<string, Decimal>();
  for (const [lineId, now] of requested) {
    const line = byId.get(lineId)!;
    const received = dec(line.receivedQuantity);
    if (received.plus(now).greaterThan(line.quantity)) throw new ReceiptExceedsOrdered(lineId, dec(line.quantity), received, now);
    after.set(lineId, received.plus(now));
  }
  const complete = lines.every((line) => (after.get(line.id) ?? dec(line.receivedQuantity)).greaterThanOrEqualTo(line.quantity));
  return { after, complete };
}
