import { describe, expect, it } from 'vitest';
import { formatMoney, formatQuantity } from '../../lib/money';
import { WEBHOOK_EVENTS } from '../webhooks/webhook-events';
import { eventWords, productIdsToName, type WordsContext } from './event-words';

const P = '0b6c3c1e-0000-4000-8000-000000000001';
const ctx: WordsContext = {
  money: (v) => formatMoney(v, 'EUR', 'en-US'),
  quantity: (v) => formatQuantity(v, 'en-US'),
  productName: (id) => (id === P ? 'Croissant' : undefined),
};
const words = (event: string, data: Record<string, unknown>) => eventWords({ event, data }, ctx);

describe('eventWords: the latest events in words', () => {
  it('says a stock adjustment with the product name looked up and the signed quantity', () => {
    expect(words('stock.adjusted', { product_id: P, quantity: 24, quantity_after: 30, reason: 'restock' })).toEqual({
      text: 'Stock adjusted: Croissant +24',
      to: `/products/${P}`,
    });
    expect(words('stock.adjusted', { product_id: P, quantity: -2.5 }).text).toBe('Stock adjusted: Croissant -2.5');
    expect(words('stock.adjusted', { product_id: 'other', quantity: 1200 }).text).toBe('Stock adjusted: a product +1,200');
  });

  it('says sales, returns and invoices with their numbers and exact money, linked to their page', () => {
    expect(words('sale.completed', { sale_id: 'o1', sale_number: 'S-0042', total: 1234567.89 })).toEqual({
      text: 'Sale S-0042 completed: €1,234,567.89',
      to: '/orders/o1',
    });
    expect(words('sale.cancelled', { sale_id: 'o1', sale_number: 'S-0042', total: 12.5 }).text).toBe('Sale S-0042 cancelled: €12.50');
    expect(words('sale.returned', { sale_id: 'o1', sale_number: 'S-0042', return_number: 'R-0003', total: 5 })).toEqual({
      text: 'Return R-0003 of sale S-0042: €5.00',
      to: '/orders/o1',
    });
    expect(words('invoice.paid', { invoice_id: 'i1', invoice_number: 'INV-0007', total: '0.30' })).toEqual({
      text: 'Invoice INV-0007 paid: €0.30',
      to: '/invoices/i1',
    });
    expect(words('invoice.sent', { invoice_id: 'i1', invoice_number: 'INV-0007', to: 'ana@example.com' }).text).toBe(
      'Invoice INV-0007 sent to ana@example.com',
    );
  });

  it('says stock alerts, customers, money out, purchasing and transfers', () => {
    expect(words('stock.low', { product_id: P, name: 'Grinder', sku: 'G-1', stock: 3, min_stock: 5 })).toEqual({
      text: 'Stock low: Grinder, 3 left (minimum 5)',
      to: `/products/${P}`,
    });
    expect(words('stock.out', { product_id: P, name: 'Grinder', stock: 0, min_stock: 5 }).text).toBe('Out of stock: Grinder');
    expect(words('customer.created', { customer_id: 'c1', name: null, email: 'ana@example.com' })).toEqual({
      text: 'New customer: ana@example.com',
      to: '/customers/c1',
    });
    expect(words('expense.created', { amount: 40, category: 'rent' })).toEqual({ text: 'Expense recorded: €40.00 (rent)', to: '/finance' });
    expect(words('payroll.processed', { total: 3000, employee_count: 1 }).text).toBe('Payroll processed: €3,000.00, 1 employee');
    expect(words('purchase_order.received', { purchase_order_id: 'p1', purchase_order_number: 'PO-0001', total: 120 })).toEqual({
      text: 'Purchase order PO-0001 received: €120.00',
      to: '/purchasing/orders/p1',
    });
    expect(words('stock.transferred', { transfer_id: 't1', transfer_number: 'TR-0002', items: [{}, {}] })).toEqual({
      text: 'Stock transferred: TR-0002, 2 products',
      to: '/inventory/transfers/t1',
    });
    expect(words('import.completed', { import_id: 'i1', kind: 'products', summary: { create: 2, update: 1, unchanged: 5, error: 1 } })).toEqual({
      text: 'Import of products done: 3 rows created or updated, 1 row with errors',
      to: '/imports/i1',
    });
  });

  it('words every event the API documents, none left as its dotted name', () => {
    for (const name of WEBHOOK_EVENTS) expect(words(name, {}).text).not.toContain(name);
    // an event newer than the console: its name, not a blank line
    expect(words('loyalty.expired', {})).toEqual({ text: 'loyalty.expired' });
  });

  it('asks for the names of the products only an adjustment refers to by id', () => {
    expect(
      productIdsToName([
        { event: 'stock.adjusted', data: { product_id: P } },
        { event: 'stock.low', data: { product_id: 'x', name: 'Grinder' } },
      ]),
    ).toEqual([P]);
  });
});
