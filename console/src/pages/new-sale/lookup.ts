import { api } from '../../api/client';
import { dataOrThrow } from '../../api/errors';
import type { Product } from './sale-lines';

/** A code a scanner reads off a package: the digits of an EAN-8, UPC-A or EAN-13 (UPC-E's 8 digits included). */
export function looksLikeBarcode(code: string): boolean {
  return /^(\d{8}|\d{12}|\d{13})$/.test(code);
}

async function exact(query: { sku: string } | { barcode: string }): Promise<Product | null> {
  return dataOrThrow(await api.GET('/api/v1/products', { params: { query: { ...query, per_page: 1 } } })).data[0] ?? null;
}

/**
 * The active product a typed or scanned code names: its exact barcode or SKU (GET /products?barcode=
 * or ?sku=, the likelier first: digits of a barcode's length are asked as a barcode, anything else
 * as an SKU; one request when it matches), else the one product whose name contains the text. Null
 * when nothing (or more than one name) matches.
 */
export async function productByCode(code: string): Promise<Product | null> {
  const asks = looksLikeBarcode(code) ? [{ barcode: code }, { sku: code }] : [{ sku: code }, { barcode: code }];
  for (const query of asks) {
    const found = await exact(query);
    if (found) return found;
  }
  const byName = dataOrThrow(await api.GET('/api/v1/products', { params: { query: { search: code, per_page: 2 } } }));
  return byName.data.length === 1 ? byName.data[0] : null;
}

/** Active products whose name contains `text`, for the field's suggestions. */
export async function productsNamed(text: string, signal?: AbortSignal): Promise<Product[]> {
  return dataOrThrow(await api.GET('/api/v1/products', { params: { query: { search: text, per_page: 8 } }, signal })).data;
}
