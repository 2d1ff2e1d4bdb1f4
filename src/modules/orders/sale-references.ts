import { DomainError } from '../../common/errors/domain-error';

export interface SaleProduct {
  id: string;
  name: string;
  sku: string;
  /** numeric(14,2) as text */
  price: string;
  is_active: boolean;
  /** its own tax rate; read only when the order's tax is computed (docs/api.md 22) */
  tax_rate_id?: string | null;
}

export interface SaleReferences {
  products: SaleProduct[];
  /** the requested warehouse, or the default one when none was requested; null when unknown */
  warehouseId: string | null;
}

export function readSaleReferences(row: { warehouse_id: string | null; products: SaleProduct[] | null }): SaleReferences {
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
    throw new DomainError(
      'UNKNOWN_PRODUCT',
      'One or more products do not exist',
      unknown.map((product_id) => ({ product_id })),
    );
  }
  const inactive = requested.filter((id) => !products.get(id)!.is_active);
  if (inactive.length > 0) {
    throw new DomainError(
      'INACTIVE_PRODUCT',
      'One or more products are inactive',
      inactive.map((product_id) => ({ product_id })),
    );
  }
  if (!refs.warehouseId) {
    throw new DomainError('UNKNOWN_WAREHOUSE', requestedWarehouseId ? 'The warehouse does not exist' : 'The business has no default warehouse', [
      { warehouse_id: requestedWarehouseId ?? null },
    ]);
  }
  return { products, warehouseId: refs.warehouseId };
}
