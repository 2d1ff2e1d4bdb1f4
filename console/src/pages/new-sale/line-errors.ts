import { shownError } from '../../api/errors';
import type { SaleLine } from './sale-lines';

/**
 * Where an API error of POST /orders belongs: per product id, the message shown beside its line
 * (INSUFFICIENT_STOCK's `{product_id, requested, available}`, UNKNOWN_PRODUCT's and
 * INACTIVE_PRODUCT's ids, a VALIDATION_FAILED `items[2].quantity`). What belongs to no line stays
 * in the page's error.
 */
export function lineErrors(error: unknown, lines: SaleLine[]): Map<string, string> {
  const shown = shownError(error);
  const out = new Map<string, string>();
  const add = (productId: string, text: string) => out.set(productId, out.has(productId) ? `${out.get(productId)} ${text}` : text);
  for (const detail of shown.details ?? []) {
    const productId = typeof detail.product_id === 'string' ? detail.product_id.toLowerCase() : undefined;
    if (productId && lines.some((line) => line.product.id === productId)) {
      add(productId, describe(shown.code, detail));
      continue;
    }
    const field = typeof detail.field === 'string' ? /^items\[(\d+)\]\.?(.*)$/.exec(detail.field) : null;
    const line = field ? lines[Number(field[1])] : undefined;
    if (line) add(line.product.id, `${field![2] || 'line'}: ${String(detail.message)}`);
  }
  return out;
}

function describe(code: string | undefined, detail: Record<string, unknown>): string {
  if (code === 'INSUFFICIENT_STOCK') return `Not enough stock: ${String(detail.requested)} asked, ${String(detail.available)} available.`;
  if (code === 'INACTIVE_PRODUCT') return 'This product is inactive.';
  if (code === 'UNKNOWN_PRODUCT') return 'This product no longer exists.';
  return Object.entries(detail)
    .filter(([key]) => key !== 'product_id')
    .map(([key, value]) => `${key}: ${String(value)}`)
    .join(', ');
}
