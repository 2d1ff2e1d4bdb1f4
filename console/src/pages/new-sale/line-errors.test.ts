import { describe, expect, it } from 'vitest';
import { lineErrors } from './line-errors';
import type { SaleLine } from './sale-lines';

const line = (id: string): SaleLine => ({ product: { id, name: id, sku: id, price: 1, unit: 'unit' }, quantity: '1', price: '1' });
const apiError = (code: string, details: Record<string, unknown>[]) => ({ success: false, error: { code, message: 'refused', details, request_id: 'r' } });

describe('an order error beside its line', () => {
  const lines = [line('aaaa'), line('bbbb')];

  it('puts INSUFFICIENT_STOCK beside the product it names, with the figures', () => {
    const errors = lineErrors(apiError('INSUFFICIENT_STOCK', [{ product_id: 'BBBB', requested: 5, available: 2 }]), lines);
    expect([...errors]).toEqual([['bbbb', 'Not enough stock: 5 asked, 2 available.']]);
  });

  it('puts a validation error on the line of its items[i] field', () => {
    const errors = lineErrors(
      apiError('VALIDATION_FAILED', [
        { field: 'items[0].quantity', message: 'must be positive' },
        { field: 'payment_method', message: 'x' },
      ]),
      lines,
    );
    expect([...errors]).toEqual([['aaaa', 'quantity: must be positive']]);
  });

  it('names inactive products, and leaves what concerns no line alone', () => {
    expect([...lineErrors(apiError('INACTIVE_PRODUCT', [{ product_id: 'aaaa' }]), lines)]).toEqual([['aaaa', 'This product is inactive.']]);
    expect(lineErrors(apiError('NEGATIVE_TOTAL', []), lines).size).toBe(0);
    expect(lineErrors(new Error('offline'), lines).size).toBe(0);
  });
});
