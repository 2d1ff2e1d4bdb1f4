import { describe, expect, it } from 'vitest';
import { quotable, quoteKey, quoteShown, refundMethod, returnBody, type ReturnQuote } from './return-quote';

const quote: ReturnQuote = {
  items: [{ sale_item_id: 'a', quantity: 1, amount: '10.00' }],
  subtotal: '10.00',
  tax_amount: '1.90',
  discount_amount: '0.00',
  shipping_amount: '0.00',
  total: '11.90',
  points_reversed: 11,
};

describe("the return dialog's body and quote", () => {
  it('sends the lines with a quantity, restock as ticked (default yes), the reason when given', () => {
    const { body, invalid } = returnBody(['a', 'b', 'c', 'd'], {
      quantities: { a: '2', b: '', c: '0', d: ' 1.5 ' },
      restock: { d: false },
      reason: '  broken ',
    });
    expect(body).toEqual({
      items: [
        { sale_item_id: 'a', quantity: 2, restock: true },
        { sale_item_id: 'd', quantity: 1.5, restock: false },
      ],
      reason: 'broken',
    });
    expect(invalid).toEqual([]);
    expect(quotable(body, invalid)).toBe(true);
  });

  it('sends a quantity that is not a number as typed (the API names it) but asks no quote for it', () => {
    const { body, invalid } = returnBody(['a'], { quantities: { a: 'two' }, restock: {}, reason: '' });
    expect(body.items[0].quantity).toBe('two');
    expect(invalid).toEqual(['a']);
    expect(quotable(body, invalid)).toBe(false);
    expect(quotable(returnBody(['a'], { quantities: { a: '1.2345' }, restock: {}, reason: '' }).body, ['a'])).toBe(false);
  });

  it('asks no quote for nothing to return, but does for shipping alone', () => {
    expect(quotable({ items: [] }, [])).toBe(false);
    const shippingOnly = returnBody(['a'], { quantities: {}, restock: {}, reason: '', refundShipping: true });
    expect(shippingOnly.body).toEqual({ items: [], refund_shipping: true });
    expect(quotable(shippingOnly.body, [])).toBe(true);
  });

  it('keys a quote by its lines and shipping, not by the reason', () => {
    const one = returnBody(['a'], { quantities: { a: '1' }, restock: {}, reason: 'x' }).body;
    const two = returnBody(['a'], { quantities: { a: '1' }, restock: {}, reason: 'y' }).body;
    const three = returnBody(['a'], { quantities: { a: '1' }, restock: { a: false }, reason: 'y' }).body;
    expect(quoteKey(one)).toBe(quoteKey(two));
    expect(quoteKey(one)).not.toBe(quoteKey(three));
  });

  it('shows a quote only for the body typed now: an older answer is "working out", never current', () => {
    expect(quoteShown(null, { key: 'k1', quote })).toEqual({ state: 'none' });
    expect(quoteShown('k2', null)).toEqual({ state: 'pending' });
    expect(quoteShown('k2', { key: 'k1', quote })).toEqual({ state: 'pending' });
    expect(quoteShown('k1', { key: 'k1' })).toEqual({ state: 'pending' });
    expect(quoteShown('k1', { key: 'k1', quote })).toEqual({ state: 'current', quote });
    const error = { error: { code: 'RETURN_EXCEEDS_SOLD' } };
    expect(quoteShown('k1', { key: 'k1', error })).toEqual({ state: 'refused', error });
    expect(quoteShown('k2', { key: 'k1', error })).toEqual({ state: 'pending' });
  });

  it("names the refund's method: the quote's, else the order's", () => {
    expect(refundMethod(quote, 'bank_transfer')).toBe('bank transfer');
    expect(refundMethod({ ...quote, payment_method: 'card' }, 'cash')).toBe('card');
    expect(refundMethod({ ...quote, refund_method: 'cash', payment_method: 'card' }, 'card')).toBe('cash');
  });
});
