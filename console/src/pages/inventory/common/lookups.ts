import { useQueries } from '@tanstack/react-query';
import { $api } from '../../../api/client';
import type { components } from '../../../../../test/generated/openapi';

export type Product = components['schemas']['ProductJson'];
export type Warehouse = components['schemas']['WarehouseJson'];
export type Supplier = components['schemas']['SupplierJson'];

/** The business's warehouses for a select: their first page of 100 (a business has a handful). */
export function useWarehouses() {
  return $api.useQuery('get', '/api/v1/warehouses', { params: { query: { per_page: 100 } } });
}

/**
 * The products a screen refers to by id (a transfer's or an order's lines), one GET each (at most the
 * 100 lines of a body), cached: a name per id, the id itself while loading.
 */
export function useProductsById(ids: string[]): Map<string, Product> {
  const unique = [...new Set(ids)];
  const results = useQueries({ queries: unique.map((id) => $api.queryOptions('get', '/api/v1/products/{id}', { params: { path: { id } } })) });
  const out = new Map<string, Product>();
  results.forEach((r) => {
    if (r.data) out.set(r.data.data.id, r.data.data);
  });
  return out;
}

/** Suppliers a list refers to by id, the same way. */
export function useSuppliersById(ids: string[]): Map<string, Supplier> {
  const unique = [...new Set(ids)];
  const results = useQueries({ queries: unique.map((id) => $api.queryOptions('get', '/api/v1/suppliers/{id}', { params: { path: { id } } })) });
  const out = new Map<string, Supplier>();
  results.forEach((r) => {
    if (r.data) out.set(r.data.data.id, r.data.data);
  });
  return out;
}

export function nameOf(map: Map<string, { name: string }>, id: string): string {
  return map.get(id)?.name ?? id;
}
