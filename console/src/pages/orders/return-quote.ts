/**
 * The return dialog's state without React (docs/api.md 21: the refund, its tax and its method shown
 * before the confirmation): the body of POST /orders/:id/returns from what is typed, and whether a
 * quote (POST /orders/:id/returns/quote with that body) is the one for what is typed now, so a figure
 * for an older body is never shown as current.
 */
import type { Decimal } from '../../lib/money';
import type { TaxLine } from '../../lib/taxes';

export interface ReturnLine {
  sale_item_id: string;
  quantity: number;
  restock: boolean;
}

export interface ReturnBody {
  items: ReturnLine[];
  refund_shipping?: boolean;
  reason?: string;
}

/** What the quote answers (the return it would make, section 12's shape), as far as the dialog reads it. */
export interface ReturnQuote {
  items: { sale_item_id: string; quantity: Decimal; amount: Decimal }[];
  subtotal: Decimal;
  tax_amount: Decimal;
  /** the tax refunded per rate (docs/api.md 22); empty for an order whose tax the client gave */
  tax_lines?: TaxLine[];
  discount_amount: Decimal;
  shipping_amount: Decimal;
  total: Decimal;
  points_reversed: Decimal;
  /** how it is paid back (the order's payment method) */
  refund_method?: string;
  payment_method?: string;
}

const QUANTITY = /^\d+(\.\d{1,3})?$/;

/**
 * The return's body: the lines with a quantity typed (blank and 0 left out), restock as ticked
 * (default yes), the reason when given. A quantity that is not a number is sent as typed so the API
 * names it (`invalid`), but no quote is asked for it.
 */
export function returnBody(
  itemIds: readonly string[],
  typed: { quantities: Record<string, string>; restock: Record<string, boolean>; reason: string; refundShipping?: boolean },
): { body: ReturnBody; invalid: string[] } {
  const invalid: string[] = [];
  const items: ReturnLine[] = [];
  for (const id of itemIds) {
    const text = (typed.quantities[id] ?? '').trim();
    if (text === '' || (QUANTITY.test(text) && Number(text) === 0)) continue;
    if (!QUANTITY.test(text)) invalid.push(id);
    items.push({ sale_item_id: id, quantity: QUANTITY.test(text) ? Number(text) : (text as unknown as number), restock: typed.restock[id] ?? true });
  }
  const body: ReturnBody = { items };
  if (typed.refundShipping) body.refund_shipping = true;
  if (typed.reason.trim()) body.reason = typed.reason.trim();
  return { body, invalid };
}

/** The key a quote is asked and kept under: the body without its reason (the reason changes no figure). */
export function quoteKey(body: ReturnBody): string {
  return JSON.stringify({ items: body.items, refund_shipping: body.refund_shipping ?? false });
}

/** Whether a body is worth a quote: something to return (or shipping alone), every quantity a number. */
export function quotable(body: ReturnBody, invalid: readonly string[]): boolean {
  return invalid.length === 0 && (body.items.length > 0 || body.refund_shipping === true);
}

export type QuoteShown = { state: 'none' } | { state: 'pending' } | { state: 'refused'; error: unknown } | { state: 'current'; quote: ReturnQuote };

/**
 * What the dialog shows: the quote only when it answers the body typed now (`typedKey`); while typing
 * pauses or the answer is on its way, "working out" (never the previous figure as current); the API's
 * refusal (RETURN_EXCEEDS_SOLD) of that same body.
 */
export function quoteShown(typedKey: string | null, answered: { key: string; quote?: ReturnQuote; error?: unknown } | null): QuoteShown {
  if (typedKey === null) return { state: 'none' };
  if (!answered || answered.key !== typedKey) return { state: 'pending' };
  if (answered.error !== undefined && answered.error !== null) return { state: 'refused', error: answered.error };
  if (answered.quote) return { state: 'current', quote: answered.quote };
  return { state: 'pending' };
}

/** "cash", "card", "bank transfer": how the refund goes back (the quote's word, else the order's method). */
export function refundMethod(quote: ReturnQuote, orderMethod: string): string {
  return (quote.refund_method ?? quote.payment_method ?? orderMethod).replace(/_/g, ' ');
}
