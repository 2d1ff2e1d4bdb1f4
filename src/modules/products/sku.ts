/** A generated SKU: `SKU-000001` from the business's `sku` counter (six digits at least). */
export function formatSku(value: number): string {
  return `SKU-${String(value).padStart(6, '0')}`;
}
