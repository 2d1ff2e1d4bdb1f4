import { DomainError } from '../../common/errors/domain-error';
import { checkSaleReferences, SaleProduct } from './sale-references';

const A = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
const B = 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb';
const C = 'cccccccc-cccc-4ccc-8ccc-cccccccccccc';
const W = 'dddddddd-dddd-4ddd-8ddd-dddddddddddd';

const product = (id: string, is_active = true): SaleProduct => ({ id, name: `P ${id[0]}`, sku: `SKU-${id[0]}`, price: '1.00', is_active });

function errorOf(fn: () => unknown): DomainError {
  try {
    fn();
  } catch (err) {
    return err as DomainError;
  }
  throw new Error('expected an error');
}

describe('checkSaleReferences', () => {
  it('returns the products by id and the warehouse', () => {
    const { products, warehouseId } = checkSaleReferences([A, B, A], undefined, { products: [product(A), product(B)], warehouseId: W });
    expect([...products.keys()]).toEqual([A, B]);
    expect(warehouseId).toBe(W);
  });

  it('names every unknown product once, in request order, before any other check', () => {
    const err = errorOf(() => checkSaleReferences([C, A, C, B], W, { products: [product(A, false)], warehouseId: null }));
    expect(err.code).toBe('UNKNOWN_PRODUCT');
    expect(err.details).toEqual([{ product_id: C }, { product_id: B }]);
  });

  it('names the inactive products', () => {
    const err = errorOf(() => checkSaleReferences([A, B, B], undefined, { products: [product(A), product(B, false)], warehouseId: W }));
    expect(err.code).toBe('INACTIVE_PRODUCT');
    expect(err.details).toEqual([{ product_id: B }]);
  });

  it('refuses an unknown warehouse with its id', () => {
    const err = errorOf(() => checkSaleReferences([A], W, { products: [product(A)], warehouseId: null }));
    expect(err.code).toBe('UNKNOWN_WAREHOUSE');
    expect(err.details).toEqual([{ warehouse_id: W }]);
  });
});
