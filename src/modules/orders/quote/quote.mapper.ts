import { ApiProperty, OmitType } from '@nestjs/swagger';
import { quantityNumber } from '../../../common/money/money';
import { OrderItemJson, OrderJson, toOrderJson } from '../order.mapper';
import { SaleDraft } from '../sale-draft';

/** A line of a quote: the order's line without its id and returns, with the warehouse's stock of the product. */
export class QuoteItemJson extends OmitType(OrderItemJson, ['id', 'returned_quantity'] as const) {
  @ApiProperty({
    example: 12,
    description: "the warehouse's stock of the product now; below the line's quantity the order would be refused (422 INSUFFICIENT_STOCK)",
  })
  available: number;
}

/** What an order would be (docs/api.md 21): the order's own fields but those its placing gives (ids, number, time, status). */
const PLACED_ONLY = [
  'order_id',
  'order_number',
  'status',
  'payment_status',
  'refunded_amount',
  'loyalty_transaction_id',
  'invoice_id',
  'invoice_number',
  'created_at',
] as const;

/** What an order would be (docs/api.md 21): the order's own fields but those only its placing gives (ids, number, time, status). */
export class QuoteJson extends OmitType(OrderJson, [...PLACED_ONLY, 'items'] as const) {
  @ApiProperty({ type: [QuoteItemJson] }) items: QuoteItemJson[];
}

/**
 * The quote of a drafted sale, mapped by the order's own mapper (so every field the order gains, its
 * tax lines too, is the quote's), then without what only placing it gives. `customerId` is the
 * matched customer's (null when the order would create one).
 */
export function toQuoteJson(sale: SaleDraft, customerId: string | null, available: Map<string, string>): QuoteJson {
  const order = toOrderJson({ ...sale, customer_id: customerId, sale_number: '', invoice_number: null, created_at: new Date(0) }, sale.items);
  return {
    ...without(order, PLACED_ONLY),
    items: order.items.map((line) => ({
      ...without(line, ['id', 'returned_quantity'] as const),
      available: quantityNumber(available.get(line.product_id) ?? '0'),
    })),
  };
}

function without<T extends object, K extends keyof T>(value: T, keys: readonly K[]): Omit<T, K> {
  const copy = { ...value };
  for (const key of keys) delete copy[key];
  return copy;
}
