import { describe, expect, it } from 'vitest';
import { orderItems, saleLines, type SaleLine } from './sale-lines';

const beans: SaleLine['product'] = { id: 'b', name: 'Beans', sku: 'B', price: 12.5, unit: 'kg' };
const cups: SaleLine['product'] = { id: 'c', name: 'Cups', sku: 'C', price: '0.1', unit: 'unit' };

describe('the lines of a sale', () => {
  it('adds a product once and raises its quantity by 1 on the next add, exactly', () => {
    let lines = saleLines([], { type: 'add', product: beans });
    lines = saleLines(lines, { type: 'add', product: cups });
    lines = saleLines(lines, { type: 'add', product: beans });
    expect(lines.map((l) => [l.product.id, l.quantity, l.price])).toEqual([
      ['b', '2', '12.5'],
      ['c', '1', '0.1'],
    ]);
    lines = saleLines(lines, { type: 'quantity', productId: 'b', value: '1.250' });
    expect(saleLines(lines, { type: 'add', product: beans })[0].quantity).toBe('2.250');
    lines = saleLines(lines, { type: 'quantity', productId: 'b', value: '9007199254740993' });
    expect(saleLines(lines, { type: 'add', product: beans })[0].quantity).toBe('9007199254740994');
  });

  it('edits and removes lines', () => {
    let lines = saleLines(saleLines([], { type: 'add', product: beans }), { type: 'add', product: cups });
    lines = saleLines(lines, { type: 'price', productId: 'c', value: '0.09' });
    lines = saleLines(lines, { type: 'remove', productId: 'b' });
    expect(lines).toEqual([{ product: cups, quantity: '1', price: '0.09' }]);
    expect(saleLines(lines, { type: 'clear' })).toEqual([]);
  });

  it('sends quantities as numbers, a price only when changed, and text that is no number as it is', () => {
    let lines = saleLines(saleLines([], { type: 'add', product: beans }), { type: 'add', product: cups });
    lines = saleLines(lines, { type: 'quantity', productId: 'b', value: ' 1.5 ' });
    lines = saleLines(lines, { type: 'price', productId: 'c', value: '0.05' });
    expect(orderItems(lines)).toEqual([
      { product_id: 'b', quantity: 1.5 },
      { product_id: 'c', quantity: 1, price: 0.05 },
    ]);
    lines = saleLines(lines, { type: 'quantity', productId: 'c', value: 'two' });
    expect(orderItems(lines)[1].quantity).toBe('two');
  });
});
