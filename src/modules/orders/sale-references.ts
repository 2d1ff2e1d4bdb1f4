import { DomainError } from '../../common/errors/domain-error';
import { SqlBatch } from '../../database/sql-batch';

export interface SaleProduct {
  id: string;
  name: string;
  sku: string;
  /** numeric(14,2) as text */
  price: string;
  is_active: boolean;
}

export interface SaleReferences {
  products: SaleProduct[];
  /** the requested warehouse, or the default one when none was requested; null when unknown */
  warehouseId: string | null;
}

/**
 * The products of an order and its warehouse, both scoped to the business, as a part of the order's
 * first statement: returns the SELECT columns `warehouse_id` and `products` (json) to read with
 * readSaleReferences. No lock: the stock rows the sale deducts are what it locks, in product order.
 */
export function saleReferencesInto(batch: SqlBatch, businessId: string, productIds: string[], warehouseId?: string): string {
  const biz = batch.param(businessId, 'uuid');
  const warehouse = warehouseId
    ? `SELECT id FROM warehouses WHERE business_id = ${biz} AND id = ${batch.param(warehouseId, 'uuid')}`
    : `SELECT id FROM warehouses WHERE business_id = ${biz} AND is_default`;
  return `(${warehouse}) AS warehouse_id,
          (SELECT json_agg(json_build_object('id', p.id, 'name', p.name, 'sku', p.sku, 'price', p.price::text, 'is_active', p.is_active))
             FROM products p WHERE p.business_id = ${biz} AND p.id = ANY(${batch.param(productIds, 'uuid[]')})) AS products`;
}

export interface SaleReferenceRow {
  warehouse_id: string | null;
  products: SaleProduct[] | null;
}

export function readSaleReferences(row: SaleReferenceRow): SaleReferences {
  return { products: row.products ?? [], warehouseId: row.warehouse_id };
}

/**
 * Every product of the order must be the business's (422 UNKNOWN_PRODUCT) and active (422
 * INACTIVE_PRODUCT), and the warehouse must be the business's (422 UNKNOWN_WAREHOUSE); details
 * list the offending ids once each, in request order. Returns the products by id and the warehouse.
 */
export function checkSaleReferences(
  requestedProductIds: string[],
  requestedWarehouseId: string | undefined,
  refs: SaleReferences,
): { products: Map<string, SaleProduct>; warehouseId: string } {
  const products = new Map(refs.products.map((p) => [p.id, p]));
  const requested = [...new Set(requestedProductIds)];
  const unknown = requested.filter((id) => !products.has(id));
  if (unknown.length > 0) {
    throw new DomainError('UNKNOWN_PRODUCT', 'One or more products do not exist', unknown.map((product_id) => ({ product_id })));
  }
  const inactive = requested.filter((id) => !products.get(id)!.is_active);
  if (inactive.length > 0) {
    throw new DomainError('INACTIVE_PRODUCT', 'One or more products are inactive', inactive.map((product_id) => ({ product_id })));
  }
  if (!refs.warehouseId) {
    throw new DomainError(
      'UNKNOWN_WAREHOUSE',
      requestedWarehouseId ? 'The warehouse does not exist' : 'The business has no default warehouse',
      [{ warehouse_id: requestedWarehouseId ?? null }],
    );
  }
  return { products, warehouseId: refs.warehouseId };
}
