import { api } from '../../api/client';
import { dataOrThrow } from '../../api/errors';
import type { Product } from './sale-lines';

/**
 * The active product a typed or scanned code names: its exact SKU or barcode (GET /products?sku=,
 * ?barcode=, both asked at once), else the one product whose name contains the text. Null when
 * nothing (or more than one name) matches.
 */
export async function productByCode(code: string): Promise<Product | null> {
  const exact = (query: { sku: string } | { barcode: string }) =>
    api.GET('/api/v1/products', { params: { query: { ...query, per_page: 1 } } }).then((r) => dataOrThrow(r).data[0] ?? null);
  const [bySku, byBarcode] = await Promise.all([exact({ sku: code }), exact({ barcode: code })]);
  if (bySku ?? byBarcode) return bySku ?? byBarcode;
  const byName = dataOrThrow(await api.GET('/api/v1/products', { params: { query: { search: code, per_page: 2 } } }));
  return byName.data.length === 1 ? byName.data[0] : null;
}

/** Active products whose name contains `text`, for the field's suggestions. */
export async function productsNamed(text: string, signal?: AbortSignal): Promise<Product[]> {
  return dataOrThrow(await api.GET('/api/v1/products', { params: { query: { search: text, per_page: 8 } }, signal })).data;
}
