import { ValidationError } from 'class-validator';
import { flattenValidationErrors } from './validation.pipe';

function error(property: string, constraints?: Record<string, string>, children: ValidationError[] = []): ValidationError {
  return Object.assign(new ValidationError(), { property, constraints, children });
}

describe('flattenValidationErrors', () => {
  it('names nested fields with indexes and dots, depth first, and words unknown fields', () => {
    const errors = [
      error('items', undefined, [error('0', undefined, [error('quantity', { isQuantity: 'quantity must be a number above 0' })])]),
      error('customer', undefined, [error('email', { isEmail: 'email must be an email' })]),
      error('extra', { whitelistValidation: 'property extra should not exist' }),
    ];
    expect(flattenValidationErrors(errors)).toEqual([
      { field: 'items[0].quantity', message: 'quantity must be a number above 0' },
      { field: 'customer.email', message: 'email must be an email' },
      { field: 'extra', message: 'is not an allowed field' },
    ]);
  });

  it('lists at most 100 details of 200,000 failed elements, without overflowing the stack', () => {
    const items = Array.from({ length: 200_000 }, (_, i) => error(String(i), undefined, [error('product_id', { isUuid: 'product_id must be a UUID' })]));
    const flat = flattenValidationErrors([error('items', undefined, items)]);
    expect(flat).toHaveLength(100);
    expect(flat[99]).toEqual({ field: 'items[99].product_id', message: 'product_id must be a UUID' });
  });

  it('walks an error tree 100,000 levels deep without recursion', () => {
    let tree = error('a', { isString: 'a must be a string' });
    for (let i = 0; i < 100_000; i++) tree = error('a', undefined, [tree]);
    const flat = flattenValidationErrors([tree]);
    expect(flat).toHaveLength(1);
    expect(flat[0].field).toBe(Array.from({ length: 100_001 }, () => 'a').join('.'));
  });
});
