import { QueryFailedError } from 'typeorm';
import { foreignKeyViolationOf, uniqueViolationOf } from './pg-errors';

function driverError(fields: Record<string, string>): Error {
  return Object.assign(new Error(fields.message), fields);
}

describe('pg-errors', () => {
  it("names the constraint of PostgreSQL's own field", () => {
    const err = driverError({
      code: '23505',
      constraint: 'products_business_sku_uq',
      message: 'duplicate key value violates unique constraint "products_business_sku_uq"',
    });
    expect(uniqueViolationOf(err)).toBe('products_business_sku_uq');
    expect(uniqueViolationOf(new QueryFailedError('INSERT', [], err))).toBe('products_business_sku_uq');
  });

  it("names the constraint a Citus coordinator relays without the field: the shard's copy, its shard id cut", () => {
    const unique = driverError({ code: '23505', message: 'duplicate key value violates unique constraint "products_business_sku_uq_102008"' });
    expect(uniqueViolationOf(unique)).toBe('products_business_sku_uq');
    const fk = driverError({
      code: '23503',
      message: 'insert or update on table "sale_items_102040" violates foreign key constraint "sale_items_product_fkey_102040"',
    });
    expect(foreignKeyViolationOf(fk)).toBe('sale_items_product_fkey');
  });

  it('names nothing for another error, or a violation of another kind', () => {
    expect(uniqueViolationOf(driverError({ code: '40001', message: 'could not serialize access' }))).toBeUndefined();
    expect(foreignKeyViolationOf(driverError({ code: '23505', message: 'duplicate key value violates unique constraint "x_1"' }))).toBeUndefined();
  });
});
