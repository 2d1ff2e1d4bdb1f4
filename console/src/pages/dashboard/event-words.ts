import type { Decimal } from '../../lib/money';
import type { WebhookEvent } from '../webhooks/webhook-events';

/**
 * The dashboard's latest events in words (docs/webhooks.md's `data` of each event): "Stock adjusted:
 * Croissant +24", "Sale S-0042 completed: €12.50", each with the console page it is about. ONE
 * mapping for every event name: the Record's type makes the typecheck fail when the API gains an
 * event and this list does not follow. `stock.adjusted` carries no product name: `productName` gives
 * the name the console looked up by id ("a product" until it has one).
 */
export interface EventWords {
  text: string;
  /** the console path of what the event is about (`/orders/<id>`), when it has a page */
  to?: string;
}

export interface WordsContext {
  money: (value: Decimal) => string;
  quantity: (value: Decimal) => string;
  productName: (id: string) => string | undefined;
}

type Data = Record<string, unknown>;

function text(data: Data, key: string): string | undefined {
  const value = data[key];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

function amount(data: Data, key: string): Decimal | undefined {
  const value = data[key];
  return typeof value === 'number' || (typeof value === 'string' && value !== '') ? value : undefined;
}

/** "+24", "-3", "0": a stock change with its sign. */
function signed(value: Decimal, quantity: (value: Decimal) => string): string {
  const written = quantity(value);
  return String(value).startsWith('-') || Number(value) === 0 ? written : `+${written}`;
}

function withMoney(words: string, value: Decimal | undefined, ctx: WordsContext): string {
  return value === undefined ? words : `${words}: ${ctx.money(value)}`;
}

function path(prefix: string, id: string | undefined): string | undefined {
  return id ? `${prefix}/${id}` : undefined;
}

function productOf(data: Data, ctx: WordsContext): string {
  const id = text(data, 'product_id');
  return text(data, 'name') ?? (id ? ctx.productName(id) : undefined) ?? 'a product';
}

function count(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

const WORDS: Record<WebhookEvent, (data: Data, ctx: WordsContext) => EventWords> = {
  'sale.completed': (d, ctx) => ({
    text: withMoney(`Sale ${text(d, 'sale_number') ?? ''} completed`, amount(d, 'total'), ctx),
    to: path('/orders', text(d, 'sale_id')),
  }),
  'sale.cancelled': (d, ctx) => ({
    text: withMoney(`Sale ${text(d, 'sale_number') ?? ''} cancelled`, amount(d, 'total'), ctx),
    to: path('/orders', text(d, 'sale_id')),
  }),
  'sale.returned': (d, ctx) => ({
    text: withMoney(`Return ${text(d, 'return_number') ?? ''} of sale ${text(d, 'sale_number') ?? ''}`, amount(d, 'total'), ctx),
    to: path('/orders', text(d, 'sale_id')),
  }),
  'invoice.paid': (d, ctx) => ({
    text: withMoney(`Invoice ${text(d, 'invoice_number') ?? ''} paid`, amount(d, 'total'), ctx),
    to: path('/invoices', text(d, 'invoice_id')),
  }),
  'invoice.sent': (d) => {
    const to = text(d, 'to');
    return { text: `Invoice ${text(d, 'invoice_number') ?? ''} sent${to ? ` to ${to}` : ''}`, to: path('/invoices', text(d, 'invoice_id')) };
  },
  'stock.low': (d, ctx) => {
    const stock = amount(d, 'stock');
    const min = amount(d, 'min_stock');
    const left = stock === undefined ? '' : `, ${ctx.quantity(stock)} left${min === undefined ? '' : ` (minimum ${ctx.quantity(min)})`}`;
    return { text: `Stock low: ${productOf(d, ctx)}${left}`, to: path('/products', text(d, 'product_id')) };
  },
  'stock.out': (d, ctx) => ({ text: `Out of stock: ${productOf(d, ctx)}`, to: path('/products', text(d, 'product_id')) }),
  'stock.adjusted': (d, ctx) => {
    const quantity = amount(d, 'quantity');
    return {
      text: `Stock adjusted: ${productOf(d, ctx)}${quantity === undefined ? '' : ` ${signed(quantity, ctx.quantity)}`}`,
      to: path('/products', text(d, 'product_id')),
    };
  },
  'customer.created': (d) => ({
    text: `New customer: ${text(d, 'name') ?? text(d, 'email') ?? text(d, 'phone') ?? 'unnamed'}`,
    to: path('/customers', text(d, 'customer_id')),
  }),
  'expense.created': (d, ctx) => {
    const category = text(d, 'category');
    return { text: `${withMoney('Expense recorded', amount(d, 'amount'), ctx)}${category ? ` (${category})` : ''}`, to: '/finance' };
  },
  'payroll.processed': (d, ctx) => {
    const employees = amount(d, 'employee_count');
    return {
      text: `${withMoney('Payroll processed', amount(d, 'total'), ctx)}${employees === undefined ? '' : `, ${count(Number(employees), 'employee', 'employees')}`}`,
      to: '/finance',
    };
  },
  'purchase_order.received': (d, ctx) => ({
    text: withMoney(`Purchase order ${text(d, 'purchase_order_number') ?? ''} received`, amount(d, 'total'), ctx),
    to: path('/purchasing/orders', text(d, 'purchase_order_id')),
  }),
  'stock.transferred': (d) => {
    const items = Array.isArray(d.items) ? d.items.length : undefined;
    return {
      text: `Stock transferred: ${text(d, 'transfer_number') ?? ''}${items === undefined ? '' : `, ${count(items, 'product', 'products')}`}`,
      to: path('/inventory/transfers', text(d, 'transfer_id')),
    };
  },
  'import.completed': (d) => {
    const summary = (typeof d.summary === 'object' && d.summary !== null ? d.summary : {}) as Data;
    const changed = ['create', 'update'].map((key) => amount(summary, key)).reduce<number>((sum, n) => sum + (n === undefined ? 0 : Number(n)), 0);
    const errors = amount(summary, 'error');
    const failed = errors === undefined || Number(errors) === 0 ? '' : `, ${count(Number(errors), 'row', 'rows')} with errors`;
    return {
      text: `Import of ${text(d, 'kind') ?? 'rows'} done: ${count(changed, 'row', 'rows')} created or updated${failed}`,
      to: path('/imports', text(d, 'import_id')),
    };
  },
};

function isKnown(name: string): name is WebhookEvent {
  return Object.prototype.hasOwnProperty.call(WORDS, name);
}

/** An event in words, or its name as it is when the console does not know it yet (an API newer than the console). */
export function eventWords(event: { event: string; data: Data }, ctx: WordsContext): EventWords {
  return isKnown(event.event) ? WORDS[event.event](event.data, ctx) : { text: event.event };
}

/** The products an event refers to by id only (their names are looked up). */
export function productIdsToName(events: readonly { event: string; data: Data }[]): string[] {
  return events.filter((e) => e.event === 'stock.adjusted').flatMap((e) => (typeof e.data.product_id === 'string' ? [e.data.product_id] : []));
}
