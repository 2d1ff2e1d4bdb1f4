import type { components } from '../../../../test/generated/openapi';
import { decimalText, type Decimal } from '../../lib/money';

export type Product = components['schemas']['ProductJson'];
/** POST /orders' body, with docs/api.md 21's tender (cash only). */
export type CreateOrder = components['schemas']['CreateOrderDto'] & { cash_tendered?: number | string };

/** A line of the sale being made: quantity and price as the clerk typed them (text, sent exactly). */
export interface SaleLine {
  /** price: a number, or its exact text when a float would change it (lib/exact-json.ts) */
  product: Pick<Product, 'id' | 'name' | 'sku' | 'unit'> & { price: Decimal };
  quantity: string;
  price: string;
}

export type LineAction =
  | { type: 'add'; product: SaleLine['product'] }
  | { type: 'quantity'; productId: string; value: string }
  | { type: 'price'; productId: string; value: string }
  | { type: 'remove'; productId: string }
  | { type: 'clear' };

/** 1 more of a whole quantity; a quantity typed with decimals (kg) also gains 1. Exact, no float. */
function plusOne(quantity: string): string {
  const match = /^(\d+)(\.\d+)?$/.exec(quantity.trim());
  if (!match) return '1';
  return `${BigInt(match[1]) + 1n}${match[2] ?? ''}`;
}

/** The lines after an action: a product already there gains 1 (a repeated scan), a new one comes last with 1 at its price. */
export function saleLines(lines: SaleLine[], action: LineAction): SaleLine[] {
  switch (action.type) {
    case 'add': {
      const at = lines.findIndex((line) => line.product.id === action.product.id);
      if (at === -1) return [...lines, { product: action.product, quantity: '1', price: decimalText(action.product.price) }];
      return lines.map((line, i) => (i === at ? { ...line, quantity: plusOne(line.quantity) } : line));
    }
    case 'quantity':
      return lines.map((line) => (line.product.id === action.productId ? { ...line, quantity: action.value } : line));
    case 'price':
      return lines.map((line) => (line.product.id === action.productId ? { ...line, price: action.value } : line));
    case 'remove':
      return lines.filter((line) => line.product.id !== action.productId);
    case 'clear':
      return [];
  }
}

/**
 * The order's lines as POST /orders takes them. A number the clerk typed goes as the number of its
 * text (at most 3 decimals for quantities, 2 for prices: a float writes those back exactly); text
 * that is no number goes as it is, so the API's VALIDATION_FAILED names the line. The price is sent
 * only when it differs from the product's.
 */
export function orderItems(lines: SaleLine[]): CreateOrder['items'] {
  return lines.map((line) => {
    const item: Record<string, unknown> = { product_id: line.product.id, quantity: asNumber(line.quantity) };
    if (line.price.trim() !== decimalText(line.product.price)) item.price = asNumber(line.price);
    return item as CreateOrder['items'][number];
  });
}

/** A number typed: sent as the number of its text, or as the text when it is no number (the API names it). */
export function asNumber(text: string): number | string {
  const trimmed = text.trim();
  return /^\d+(\.\d+)?$/.test(trimmed) ? Number(trimmed) : trimmed;
}
