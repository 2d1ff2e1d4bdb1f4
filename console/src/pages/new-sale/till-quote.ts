import { call } from '../../api/staff';
import { dataOrThrow, shownError } from '../../api/errors';
import type { Decimal } from '../../lib/money';
import type { TaxLine } from '../../lib/taxes';
import type { QuoteAnswer } from './latest-quote';
import type { CreateOrder } from './sale-lines';

/** A line of POST /orders/quote's answer (docs/api.md 21): the order's line, and the warehouse's stock of it. */
export interface QuoteItem {
  product_id: string;
  quantity: Decimal;
  unit_price: Decimal;
  discount: Decimal;
  total: Decimal;
  available: Decimal;
}

/** What the order would be (docs/api.md 21): the order's own figures, without ids or numbers. */
export interface OrderQuote {
  items: QuoteItem[];
  subtotal: Decimal;
  tax_amount: Decimal;
  /** one per rate with tax rates (docs/api.md 22); empty when the order's tax is one figure */
  tax_lines?: TaxLine[];
  /** the prices include the tax: line totals and subtotal are gross */
  tax_included?: boolean;
  discount_amount: Decimal;
  shipping_amount: Decimal;
  total: Decimal;
  cash_tendered: Decimal | null;
  change_due: Decimal | null;
}

/** A quote, and whether the cash tendered was below its total (the quote then is of the lines without the tender). */
export interface TillQuote {
  quote: OrderQuote;
  short: boolean;
}

/**
 * What the till asks the quote of: the order's lines, method and tender. Not the customer (a half-typed
 * email is no reason to hide the total; an order's figures other than its points do not depend on
 * who buys, and points are shown once the order is placed) nor the invoice, which price nothing.
 */
export function quoteBody(order: CreateOrder): CreateOrder {
  const body: CreateOrder = { items: order.items, payment_method: order.payment_method };
  if (order.cash_tendered !== undefined) body.cash_tendered = order.cash_tendered;
  return body;
}

/** The key of what the figures other than the change depend on: the body without its tender. */
export function figuresKey(body: CreateOrder): string {
  return JSON.stringify({ ...body, cash_tendered: undefined });
}

async function askQuote(body: CreateOrder, signal: AbortSignal): Promise<OrderQuote> {
  return dataOrThrow(await call<{ data: OrderQuote }>('POST', '/orders/quote', { body, signal })).data;
}

/**
 * POST /orders/quote. Cash below the total is the order's 422 INSUFFICIENT_TENDER, there too: the
 * lines' figures still stand, so they are asked again without the tender and the tender said short.
 */
export async function tillQuote(body: CreateOrder, signal: AbortSignal): Promise<TillQuote> {
  try {
    return { quote: await askQuote(body, signal), short: false };
  } catch (error) {
    if (body.cash_tendered === undefined || shownError(error).code !== 'INSUFFICIENT_TENDER') throw error;
    return { quote: await askQuote({ ...body, cash_tendered: undefined }, signal), short: true };
  }
}

/** What the till shows of its quotes, for the sale as it is now. */
export interface TillFigures {
  /** The latest figures answered: of the lines as they are now when `current`, else of older lines (shown as updating). */
  quote: OrderQuote | null;
  /** `quote` is of the lines, method and prices as they are now. */
  current: boolean;
  /** The change due is of the tender as typed now (with `current`). */
  changeCurrent: boolean;
  /** The tender typed now is below the total. */
  short: boolean;
  /** The quote of the sale as it is now was refused: this error. */
  error: unknown;
}

export type Answer = QuoteAnswer<CreateOrder, TillQuote>;

/**
 * The figures to show, never a stale one as current: `good` is the latest answer with figures, `last`
 * the latest answer of any kind, `body` the sale as it is now (null: no lines).
 */
export function tillFigures(good: Answer | null, last: Answer | null, body: CreateOrder | null): TillFigures {
  if (body === null) return { quote: null, current: false, changeCurrent: false, short: false, error: null };
  const key = JSON.stringify(body);
  const answered = good?.quote;
  const current = answered !== undefined && figuresKey(good!.body) === figuresKey(body);
  const changeCurrent = current && good!.key === key;
  return {
    quote: answered?.quote ?? null,
    current,
    changeCurrent,
    short: changeCurrent && answered.short,
    error: last?.key === key && last.error !== undefined ? last.error : null,
  };
}
